import { anchorsOf, linksOf } from './markdown';

const DOCUMENT = [
  '# Retrying safely: `Idempotency-Key`',
  'See [the guide](guides/a.md#webhooks-told-when-something-happened) and ![a chart](chart.png).',
  'Not links: `[code](nowhere.md)` and',
  '```sh',
  'echo "[fenced](nowhere.md)"',
  '```',
  '[reference]: ../adr/0001.md',
  '## Notes',
  '## Notes',
].join('\n');

describe('a Markdown file read as GitHub renders it', () => {
  it('links through inline links, images and reference definitions, never from code', () => {
    expect(linksOf(DOCUMENT)).toEqual([
      { target: 'guides/a.md#webhooks-told-when-something-happened', line: 2 },
      { target: 'chart.png', line: 2 },
      { target: '../adr/0001.md', line: 7 },
    ]);
  });

  it("gives GitHub's anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered", () => {
    expect([...anchorsOf(DOCUMENT)]).toEqual(['retrying-safely-idempotency-key', 'notes', 'notes-1']);
    expect([...anchorsOf('## Webhooks: told when something happened')]).toEqual(['webhooks-told-when-something-happened']);
  });
});
