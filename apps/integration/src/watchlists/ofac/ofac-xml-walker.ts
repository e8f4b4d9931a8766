/*
 * A streaming walk over an XML file with saxes: every element is handed over when it closes,
 * with its attributes, its own text, the line it opened on and the names of the elements around
 * it, so a 100 MB file is read a chunk at a time and never held as one text. Broken XML (what
 * saxes reports as not well-formed, or text that is not UTF-8) is a MalformedWatchlistFileError
 * with the line.
 */
import { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import { MalformedWatchlistFileError } from '../watchlist-entry';

/** An element as the walk hands it over. */
export interface XmlElement {
  /** The local name (no namespace prefix). */
  name: string;
  attrs: Readonly<Record<string, string>>;
  /** The element's own text, trimmed (not its children's). */
  text: string;
  line: number;
}

/** Called for each element when it closes; `path` holds the names from the root down to its parent. */
export type XmlCloseHandler = (element: XmlElement, path: readonly string[]) => void;

const CHUNK = 64 * 1024;

async function* chunksOf(content: Buffer | Readable): AsyncIterable<Buffer> {
  if (Buffer.isBuffer(content)) {
    for (let i = 0; i < content.length; i += CHUNK) yield content.subarray(i, i + CHUNK);
    return;
  }
  for await (const chunk of content) yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
}

/**
 * Walks `content` and calls `onClose` for every element; `rootName` is the element the document
 * must start with. Answers when the document has been read to its end.
 */
export async function walkXml(file: string, content: Buffer | Readable, rootName: string, onClose: XmlCloseHandler): Promise<void> {
  const parser = new SaxesParser({ xmlns: true });
  const open: Array<{ name: string; attrs: Record<string, string>; text: string; line: number }> = [];
  const names: string[] = [];
  parser.on('error', (err) => {
    throw new MalformedWatchlistFileError(file, parser.line, `the XML is not well-formed: ${err.message.replace(/^\d+:\d+:\s*/, '')}`);
  });
  parser.on('opentag', (tag) => {
    if (open.length === 0 && tag.local !== rootName) {
      throw new MalformedWatchlistFileError(file, parser.line, `the document is a <${tag.local}>, not OFAC's <${rootName}>`);
    }
    const attrs: Record<string, string> = {};
    for (const attr of Object.values(tag.attributes)) attrs[attr.local] = attr.value;
    open.push({ name: tag.local ?? tag.name, attrs, text: '', line: parser.line });
    names.push(tag.local ?? tag.name);
  });
  parser.on('text', (text) => {
    const current = open[open.length - 1];
    if (current) current.text += text;
  });
  parser.on('cdata', (text) => {
    const current = open[open.length - 1];
    if (current) current.text += text;
  });
  parser.on('closetag', () => {
    const element = open.pop();
    names.pop();
    if (element) onClose({ ...element, text: element.text.trim() }, names);
  });

  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (bytes?: Buffer): string => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw new MalformedWatchlistFileError(file, parser.line, 'the XML is not UTF-8 text');
    }
  };
  let first = true;
  for await (const chunk of chunksOf(content)) {
    let text = decode(chunk);
    if (first && text.length > 0) {
      text = text.replace(/^\uFEFF/, '');
      first = false;
    }
    parser.write(text);
  }
  parser.write(decode());
  if (first) throw new MalformedWatchlistFileError(file, 1, 'the file is empty');
  parser.close();
}
