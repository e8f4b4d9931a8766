import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brokenLinks } from './broken-links';

describe('a broken link', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'markdown-links-'));
  mkdirSync(path.join(root, 'docs'));
  writeFileSync(path.join(root, 'docs/guide.md'), '# Guide\n\n## Set-up\n');
  writeFileSync(
    path.join(root, 'README.md'),
    [
      '# Front door',
      '[ok](docs/guide.md#set-up) [folder](docs/) [here](#front-door) [web](https://example.com/x.md)',
      '[gone](docs/old.md)',
      '[no heading](docs/guide.md#setup) [up](../x.md)',
    ].join('\n'),
  );
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is named with its file, line, link and what is wrong', () => {
    expect(brokenLinks(root, 'README.md')).toEqual([
      'README.md:3: (docs/old.md) names docs/old.md, which does not exist',
      'README.md:4: (docs/guide.md#setup) names no heading of docs/guide.md: no #setup',
      'README.md:4: (../x.md) leads outside the repository',
    ]);
  });
});
