import { sql, type SQL } from 'drizzle-orm';

const WORD = /^[A-Z_]+$/;
const quoted = (word: string) => {
  if (!WORD.test(word)) throw new Error(`not a plain status word: ${word}`);
  return `'${word}'`;
};

/**
 * A status constant written into a statement as a literal: the rule comes from the lifecycle
 * module, yet the SQL text stays fixed (no extra parameters, the same plan as before). Only
 * upper-case words are accepted, so nothing from a request can ever get here.
 */
export const sqlWord = (word: string): SQL => sql.raw(quoted(word));

/** `('A', 'B')` for an `in` list of status constants. */
export const sqlWordList = (words: readonly string[]): SQL => sql.raw(`(${[...new Set(words)].map(quoted).join(', ')})`);
