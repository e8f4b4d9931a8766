/* `npm run seed:scale`: seeds one tenant with many businesses (seed-scale.ts), then says what it made and how long it took. */
import { seedOptions } from './options';
import { seedScale } from './seed-scale';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const result = await seedScale({ ...seedOptions(process.argv.slice(2), process.env), say });
  const n = (value: number) => value.toLocaleString('en-US');
  const written = Object.entries(result.rows).filter(([, rows]) => rows > 0);
  say(`seed:scale: tenant ${result.tenant.id} (${result.tenant.name}) now has ${n(result.total)} businesses`);
  say(`seed:scale: added ${n(result.added)} businesses, copied from ${n(result.templates)}, in ${result.seconds.toFixed(1)} s (${n(Math.round(result.added / result.seconds))} a second; vacuum and analyse ${result.analyseSeconds.toFixed(1)} s)`);
  say(`seed:scale: rows written: ${written.map(([table, rows]) => `${table} ${n(rows)}`).join(', ')}`);
}

main().catch((err: unknown) => {
  process.stderr.write(`seed:scale failed: ${(err as Error).message}\n`);
  process.exit(1);
});
