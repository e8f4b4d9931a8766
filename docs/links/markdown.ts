/**
 * What a Markdown file links to and which anchors its headings give, read the way GitHub renders
 * it: nothing inside a fenced code block or an inline code span is a link or a heading.
 */

/** A link's destination as written, and its line (1-based). */
export interface MarkdownLink {
  target: string;
  line: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const INLINE_CODE = /(`+).*?\1/g;
const INLINE_LINK = /\]\(\s*(<[^>]*>|[^\s)]+)/g;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:\s+(<[^>]*>|\S+)/;
const HEADING = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/;
const HTML_ANCHOR = /<a\s+(?:name|id)="([^"]+)"/g;

/** The file's lines, those of fenced code blocks (fences included) emptied. */
function linesOutsideFences(text: string): string[] {
  let fence: string | undefined;
  return text.split(/\r?\n/).map((line) => {
    const marker = FENCE.exec(line)?.[1];
    if (fence === undefined && marker) {
      fence = marker;
      return '';
    }
    if (fence !== undefined) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      return '';
    }
    return line;
  });
}

/** Every inline link, image and reference definition outside code. */
export function linksOf(text: string): MarkdownLink[] {
  return linesOutsideFences(text).flatMap((raw, index) => {
    const line = raw.replace(INLINE_CODE, '');
    const targets = [...line.matchAll(INLINE_LINK)].map((match) => match[1]);
    const definition = REFERENCE_DEFINITION.exec(line)?.[1];
    if (definition) targets.push(definition);
    return targets.map((target) => ({ target: target.replace(/^<|>$/g, ''), line: index + 1 }));
  });
}

/** GitHub's anchor for a heading's text (before any -1, -2 of a repeated heading). */
export function slugOf(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors the file's headings (a repeated one gets -1, -2, ...) and its HTML anchors give. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of linesOutsideFences(text)) {
    const heading = HEADING.exec(line)?.[1];
    if (heading !== undefined) {
      const slug = slugOf(heading);
      let anchor = slug;
      for (let n = 1; anchors.has(anchor); n += 1) anchor = `${slug}-${n}`;
      anchors.add(anchor);
    }
    for (const match of line.matchAll(HTML_ANCHOR)) anchors.add(match[1]);
  }
  return anchors;
}
