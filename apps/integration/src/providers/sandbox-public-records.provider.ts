import type { PublicRecordsProvider } from './public-records.provider';

/** The deterministic sandbox public-records provider (being written). */
export function createSandboxPublicRecordsProvider(): PublicRecordsProvider {
  return {
    name: 'sandbox',
    platformId: 100,
    fetchPublicRecords: async () => {
      throw new Error('sandbox public records: being written');
    },
  };
}
