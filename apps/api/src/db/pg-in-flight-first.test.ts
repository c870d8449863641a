import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { inFlightFirstPool } from './pg-in-flight-first.ts';

/**
 * When every pooled connection is busy, a statement of a request already under way waits ahead of
 * requests that have not begun (docs/reliability.md, "In-flight requests first"). One connection,
 * held by a sleep while the others queue, so the order they ran in is the order they were served.
 */
const url = process.env.TEST_DATABASE_URL;
let next: boolean[] = [];
let pool: pg.Pool;

beforeAll(async () => {
  if (!url) throw new Error('needs TEST_DATABASE_URL (the PostgreSQL pass)');
  pool = inFlightFirstPool({ connectionString: url, max: 1 }, () => next.shift() ?? false);
  await pool.query('create temporary sequence turn');
});
afterAll(async () => {
  await pool?.end();
});

/** The statement's turn: the sequence's next value when it ran. */
const turn = async (label: string) => ({ label, at: (await pool.query<{ n: number }>("select nextval('turn')::int as n")).rows[0]!.n });
const order = (ran: { label: string; at: number }[]) => ran.sort((a, b) => a.at - b.at).map((r) => r.label);

describe('the pg pool serves requests under way first', () => {
  it('when firsts and follow-ups wait for the busy connection, then the follow-ups go first, each group in arrival order', async () => {
    next = [false];
    const busy = pool.query('select pg_sleep(0.2)');
    next = [false, true, false, true];
    const ran = await Promise.all([turn('first A'), turn('follow-up A'), turn('first B'), turn('follow-up B')]);
    await busy;
    expect(order(ran)).toEqual(['follow-up A', 'follow-up B', 'first A', 'first B']);
  });

  it('when nothing is a follow-up, then callers are served in the order they came', async () => {
    next = [];
    const busy = pool.query('select pg_sleep(0.1)');
    const ran = await Promise.all(['one', 'two', 'three'].map(turn));
    await busy;
    expect(order(ran)).toEqual(['one', 'two', 'three']);
  });

  it('when a follow-up checks out a client for a transaction, then it too is served before the firsts', async () => {
    next = [false];
    const busy = pool.query('select pg_sleep(0.2)');
    next = [false, true];
    const first = turn('first');
    const tx = (async () => {
      const client = await pool.connect();
      try {
        return { label: 'transaction', at: (await client.query<{ n: number }>("select nextval('turn')::int as n")).rows[0]!.n };
      } finally {
        client.release();
      }
    })();
    const ran = await Promise.all([first, tx]);
    await busy;
    expect(order(ran)).toEqual(['transaction', 'first']);
  });
});
