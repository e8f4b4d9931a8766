import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** A login role of the test PostgreSQL server with no rights of its own (the least-privilege app role). */
export interface TestDatabaseRole {
  name: string;
  /** `databaseUrl` with this role's user name and password. */
  urlFor(databaseUrl: string): string;
  /** Drops the role (drop the databases it was granted rights in first). */
  destroy(): Promise<void>;
}

async function onServer(work: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: process.env.KYB_TEST_POSTGRES_URL });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** Creates a role that may log in, and nothing else. */
export async function createTestDatabaseRole(): Promise<TestDatabaseRole> {
  const name = `kyb_t_${process.env.KYB_TEST_RUN_ID ?? 'local'}_app_${randomBytes(3).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  await onServer((client) => client.query(`create role "${name}" login password '${password}'`));
  return {
    name,
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.username = name;
      url.password = password;
      return url.toString();
    },
    destroy: () => onServer((client) => client.query(`drop role if exists "${name}"`)),
  };
}
