import { globalTeardown } from './infrastructure';

export default globalTeardown;
