// talisman ships no types; this is the one module of it the matcher loads.
declare module 'talisman/phonetics/double-metaphone' {
  /** Lawrence Philips' Double Metaphone: the primary and the alternate code of a word. */
  export default function doubleMetaphone(word: string): [string, string];
}
