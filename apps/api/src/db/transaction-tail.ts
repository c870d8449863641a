import { isEmbedded, type Database } from './client.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * A transaction whose last statements travel with its COMMIT (docs/reliability.md, "A write's
 * statements sent with its COMMIT"). `start` sends them without waiting for their answers and
 * hands them back as `tail`; COMMIT is sent straight after, so the database runs the statements
 * and the COMMIT one after another with no trip back to the API in between. On PGlite, whose one
 * session an open transaction holds, every such trip was time no other request could use it.
 *
 * Whatever the tail decides must be decided in its statements (a limit refused by the insert
 * itself): nothing can look at its answer before COMMIT. A tail statement that fails aborts the
 * transaction, so its COMMIT rolls everything back; the error thrown is then the statement's own,
 * not the abort's.
 */
export async function withTail<T>(db: Pick<Database, 'transaction'>, start: (tx: Tx) => Promise<{ tail: Promise<T> }>): Promise<T> {
  // node-postgres sends a client's statements one at a time anyway, and a COMMIT sent while the
  // tail still runs would be a second query on a busy client (see inOrder): the tail is awaited first
  if (!isEmbedded(db)) return db.transaction(async (tx) => await (await start(tx)).tail);
  let tail: Promise<T> | undefined;
  try {
    await db.transaction(async (tx) => {
      ({ tail } = await start(tx));
      // answered after the COMMIT: not an unhandled rejection meanwhile
      tail.catch(() => undefined);
    });
  } catch (error) {
    // a failed tail statement is the cause of the abort
    if (tail) await tail;
    throw error;
  }
  return tail!;
}

/**
 * Statements that need nothing from each other's answers, run in the order given. On PGlite they
 * are sent at once: its thread runs them one after another with no trip back to the API between
 * them. On node-postgres each is sent when the one before has answered, as pg wants it (a query
 * sent while the client runs another is deprecated, and pg 9 refuses it).
 */
export function inOrder<T extends unknown[]>(db: object, ...sends: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  if (isEmbedded(db)) return Promise.all(sends.map((send) => send())) as Promise<T>;
  return (async () => {
    const answers: unknown[] = [];
    for (const send of sends) answers.push(await send());
    return answers as T;
  })();
}
