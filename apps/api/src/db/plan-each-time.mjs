// @ts-check
// Which statements are planned with their values on every run, never prepared once: shared by
// PGlite's thread (pglite-worker.mjs, plain JavaScript) and the pg pool (pg-statement-names.ts).

/**
 * A search (LIKE or ILIKE): its best plan depends on its term (a trigram index for a rare one,
 * the newest-first walk for a common one: modules/documents/document-search.ts), which a plan made
 * once cannot see.
 * @param {string} text
 */
export const plannedEachTime = (text) => /\s(i)?like\s/i.test(text);
