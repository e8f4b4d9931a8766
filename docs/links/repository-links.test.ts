import path from 'node:path';
import { brokenLinks, markdownFiles } from './broken-links';

const ROOT = path.resolve(__dirname, '../..');

describe("the repository's Markdown", () => {
  it('includes the front door and the guides', () => {
    expect(markdownFiles(ROOT)).toEqual(expect.arrayContaining(['README.md', 'BENCHMARKS.md', 'docs/guides/configuration.md']));
  });

  it.each(markdownFiles(ROOT))('%s: every relative link leads to a file, folder or heading that exists', (file) => {
    expect(brokenLinks(ROOT, file)).toEqual([]);
  });
});
