import { flag } from '@kyb/config';

/** Asks production to seed the demo tenant anyway (its password is then printed). */
export const SEED_DEMO = flag({
  description: 'with NODE_ENV=production, seed the demo tenant from DEMO_PASSWORD and print its password (off: production seeds no demo tenant)',
  fallback: false,
});

/**
 * The password to seed the demo tenant with, or undefined for none. Outside production a set
 * DEMO_PASSWORD seeds it (`npm start`); in production only SEED_DEMO=true does, so the image's
 * default command creates no account whose password it printed.
 */
export function demoSeedPassword(env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (!env.DEMO_PASSWORD) return undefined;
  if (env.NODE_ENV !== 'production') return env.DEMO_PASSWORD;
  return seedDemoAsked(env.SEED_DEMO) ? env.DEMO_PASSWORD : undefined;
}

function seedDemoAsked(raw: string | undefined): boolean {
  if (!raw) return false;
  try {
    return SEED_DEMO.parse(raw);
  } catch (err) {
    throw new Error(`SEED_DEMO ${(err as Error).message}`);
  }
}
