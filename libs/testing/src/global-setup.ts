export { default } from './infrastructure';
