import type { SessionClaim, SessionLookup } from './session-check.ts';
import { JsonText } from '../lib/json-text.ts';
import { londonDay, type Clock } from '../lib/clock.ts';
import type { KeptAnswersRepository } from './answer-cache.repository.ts';
import { noteKeptMiss, takeKeptMiss } from '../lib/request-context.ts';

/**
 * The answer `name` for `day`: as kept when the account has not changed since it was worked
 * out, else worked out now (by the same TypeScript builders as every other read), serialised
 * once, kept and sent (docs/product.md, "Kept answers"). The version is read before `workOut`
 * runs, so an answer is never kept under a version newer than its data.
 */
export function createKeptAnswer(repo: KeptAnswersRepository, clock: Clock) {
  /** `workOut` gets the day the answer is kept for, to decide OVERDUE and the like by. */
  return async <T>(userId: string, name: string, workOut: (day: string) => Promise<T>): Promise<JsonText<T>> => {
    const day = londonDay(clock());
    // the one-query path of this request already found nothing kept under the version it read
    const missed = takeKeptMiss(userId, name, day);
    const kept = missed === null ? await repo.read(userId, name, day) : { version: missed, body: null };
    if (kept.body !== null) return new JsonText<T>(kept.body);
    // serialised once: the text kept is the text sent
    const answer = new JsonText<T>(JSON.stringify(await workOut(day)));
    await repo.keep(userId, name, kept.version, day, answer.text);
    return answer;
  };
}
/** Passed to the services whose answers are kept. */
export type KeptAnswer = ReturnType<typeof createKeptAnswer>;

/**
 * The answer `name` as kept for today, for a session not yet checked: its user and token version
 * are checked in the same query (a deleted user or a signed-out session finds nothing). null: the
 * session is not valid this way (or is an engineer's); authenticate and ask the service, which
 * answers every case. `answer` null: the session is valid (`session`, as authenticate reads it)
 * but nothing is kept for today under the account's version now.
 */
export function createKeptForSession(repo: KeptAnswersRepository, clock: Clock) {
  return async (session: SessionClaim, name: string): Promise<{ answer: JsonText | null; session: SessionLookup } | null> => {
    const day = londonDay(clock());
    const row = await repo.readForSession(session, name, day);
    if (!row) return null;
    if (row.body !== null) return { answer: new JsonText(row.body), session: row.session };
    // Nothing kept under the version just read: the route works it out in this request and keeps
    // it under that version (read before the work, so never newer than the data).
    noteKeptMiss({ accountId: session.accountId, name, day, version: row.version });
    return { answer: null, session: row.session };
  };
}
export type KeptForSession = ReturnType<typeof createKeptForSession>;
