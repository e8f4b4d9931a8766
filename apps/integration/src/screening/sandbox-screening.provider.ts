import type { ScreeningProvider } from './screening.provider';

/** The deterministic sandbox screening network (being written). */
export function createSandboxScreeningProvider(_options: { delayMs: number }): ScreeningProvider {
  return {
    name: 'sandbox',
    checkConnection: async () => ({ ok: true, message: 'Connection established successfully' }),
    screen: async () => {
      throw new Error('sandbox screening: being written');
    },
  };
}
