/** An answer's `data` as JSON text the database wrote (db/answer-json.ts), sent as is by sendData. */
export class JsonText {
  constructor(readonly text: string) {}
}

/** The row's answer text; a NULL (some value the builders did not expect to be NULL) fails loudly instead of being sent. */
export function answerText(row: { json: string | null }, what: string): string {
  if (typeof row.json !== 'string') throw new Error(`${what}: the database built no answer for a row`);
  return row.json;
}

/** A plain array of the rows' answers. */
export const arrayText = (rows: readonly { json: string | null }[], what: string): JsonText => new JsonText(`[${rows.map((r) => answerText(r, what)).join(',')}]`);
