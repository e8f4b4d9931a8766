/*
 * Lawrence Philips' Double Metaphone, from `talisman` (CommonJS, loaded as its single file
 * talisman/phonetics/double-metaphone): the algorithm is fixed since Philips published it in 2000,
 * so a stable, complete implementation beats writing our own. talisman ships no types; the one
 * function is typed here, in a module rather than an ambient declaration, so that every program
 * compiling the matcher (the benchmark's too) has its type.
 */

/** The primary and the alternate code of a word (equal when the word has one pronunciation). */
export const doubleMetaphone = require('talisman/phonetics/double-metaphone') as (word: string) => [string, string];
