import type { SessionClaim } from './session-check.ts';
import { JsonText } from '../lib/json-text.ts';
import { londonDay, type Clock } from '../lib/clock.ts';
import type { KeptAnswersRepository } from './answer-cache.repository.ts';

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
    const kept = await repo.read(userId, name, day);
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
 * are checked in the same query (a deleted user or a signed-out session finds nothing). null: not
 * kept, or not this way; authenticate and ask the service, which answers every case.
 */
export function createKeptForSession(repo: KeptAnswersRepository, clock: Clock) {
  return async (session: SessionClaim, name: string): Promise<JsonText | null> => {
    const body = await repo.readForSession(session, name, londonDay(clock()));
    return body === null ? null : new JsonText(body);
  };
}
export type KeptForSession = ReturnType<typeof createKeptForSession>;
