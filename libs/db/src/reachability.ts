import { Client } from 'pg';

/** A dependency that does not answer at start-up, with one line telling the operator what to do. */
export class DependencyUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DependencyUnavailableError';
  }
}

function where(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}`;
}

/** Rejects with a one-line explanation unless the PostgreSQL server of `url` accepts a connection. */
export async function ensurePostgresReachable(url: string): Promise<void> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    throw new DependencyUnavailableError(
      `PostgreSQL does not answer at ${where(url)} (${(err as Error).message || (err as { code?: string }).code}): ` +
        'start it (pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or set DATABASE_URL',
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Rejects with a one-line explanation unless the database of `url` itself accepts a connection
 * (for api and worker processes, which never create it and may lack rights on other databases).
 */
export async function ensureDatabaseReachable(url: string): Promise<void> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    const code = (err as { code?: string }).code;
    const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
    throw new DependencyUnavailableError(
      code === '3D000'
        ? `the database ${name} does not exist at ${where(url)}: run the migrate role first (ROLE=migrate)`
        : `PostgreSQL does not answer at ${where(url)} (${(err as Error).message || code}): start it or set DATABASE_URL`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}
