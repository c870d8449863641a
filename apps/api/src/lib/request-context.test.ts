import { describe, expect, it } from 'vitest';
import { FOLLOW_UPS_AHEAD, runAsRequest, statementFollows } from './request-context.ts';

describe('statementFollows', () => {
  it('when a request sends its first statement, then it is a first, and every later one follows it', async () => {
    const seen = await runAsRequest('r1', async () => {
      const first = statementFollows();
      await Promise.resolve();
      return [first, statementFollows(), statementFollows()];
    });
    expect(seen).toEqual([false, true, true]);
  });

  it('when two requests run side by side, then each has its own first statement', async () => {
    const [a, b] = await Promise.all(['a', 'b'].map((id) => runAsRequest(id, async () => [statementFollows(), statementFollows()])));
    expect(a).toEqual([false, true]);
    expect(b).toEqual([false, true]);
  });

  it('when a request goes on sending statements (an import’s batches), then past the first few they wait their turn', async () => {
    const seen = await runAsRequest('bulk', async () => Array.from({ length: FOLLOW_UPS_AHEAD + 3 }, () => statementFollows()));
    expect(seen.filter(Boolean)).toHaveLength(FOLLOW_UPS_AHEAD - 1);
    expect(seen.slice(1, FOLLOW_UPS_AHEAD).every(Boolean)).toBe(true);
    expect(seen.slice(FOLLOW_UPS_AHEAD)).toEqual([false, false, false]);
  });

  it('when no request is being served (a job, startup), then nothing follows', () => {
    expect([statementFollows(), statementFollows()]).toEqual([false, false]);
  });
});
