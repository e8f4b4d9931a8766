import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The case area's features depend one way (see the comment at the top of area.ts): onboarding and
 * invitations use applicants, cases, mail and businesses, never each other, and those four use no
 * other feature. Production files only; tests may reach into `test-support/`.
 */
const ALLOWED: Record<string, string[]> = {
  onboarding: ['applicants', 'businesses', 'cases'],
  invitations: ['applicants', 'businesses', 'cases', 'mail'],
  applicants: [],
  businesses: [],
  cases: [],
  mail: [],
  recovery: [],
};

function productionFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return productionFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The sibling feature folders a file imports from (`'../<feature>/...'`). */
function featuresImportedBy(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/from '\.\.\/([a-z-]+)\//g)].map((match) => match[1]);
}

describe('the case area features depend one way', () => {
  it.each(Object.entries(ALLOWED))('%s imports only the features it may use', (feature, allowed) => {
    const wrong = productionFiles(join(__dirname, feature)).flatMap((file) =>
      featuresImportedBy(file)
        .filter((imported) => !allowed.includes(imported))
        .map((imported) => `${file.slice(__dirname.length + 1)} imports ../${imported}/`),
    );
    expect(wrong).toEqual([]);
  });

  it('names every feature folder of the area', () => {
    const folders = readdirSync(__dirname, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !['migrations', 'test-support'].includes(entry.name))
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual(Object.keys(ALLOWED).sort());
  });
});
