/*
 * A process that logs many lines through the suite's logger and exits at once (as a failed start
 * does with process.exit): every line must still reach stdout.
 */
import { createLogger } from '../logger';

const logger = createLogger({ level: 'info', name: 'log-then-exit' });
for (let i = 0; i < 2000; i += 1) logger.info({ line: i, padding: 'x'.repeat(200) }, 'a line');
logger.error('the last line');
process.exit(1);
