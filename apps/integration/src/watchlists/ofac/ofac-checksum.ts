/*
 * The checksum of a list version: sha256 over its files in a fixed order (by bare, lower-cased
 * file name), each as its name, its length and its bytes, so the same files give the same
 * checksum however they were passed and a byte moved from one file to the next changes it.
 */
import { createHash } from 'node:crypto';

/** A file of a version: its name (a path is fine) and its bytes. */
export interface NamedFile {
  name: string;
  content: Buffer;
}

const bareName = (name: string): string => (name.split(/[\\/]/).pop() ?? name).toLowerCase();

/** The hex sha256 of the files, independent of their order. */
export function checksumOfFiles(files: readonly NamedFile[]): string {
  const hash = createHash('sha256');
  const sorted = [...files].map((f) => ({ name: bareName(f.name), content: f.content })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const file of sorted) {
    hash.update(`${file.name}\0${file.content.length}\0`);
    hash.update(file.content);
  }
  return hash.digest('hex');
}
