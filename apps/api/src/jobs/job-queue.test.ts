import PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { pgliteAdapter } from './job-queue.ts';

const closedDatabase = {
  query: () => Promise.reject(new Error('PGlite is closed')),
  exec: () => Promise.reject(new Error('PGlite is closed')),
};

const JOB_ID = '00000000-0000-4000-8000-000000000001';

describe("pg-boss's PGlite adapter", () => {
  it('when a statement fails while the queue runs, then pg-boss gets the error', async () => {
    const warned: unknown[] = [];
    const adapter = pgliteAdapter(closedDatabase, { warn: (o: unknown) => warned.push(o) } as never);
    await expect(adapter.executeSql('select $1::int', [1])).rejects.toThrow('PGlite is closed');
    expect(warned).toEqual([]);
  });

  it('when statements fail once the stop has begun (a late job recording its end), then pg-boss itself records nothing, rejects nothing and fetches no job, and each failure is logged', async () => {
    const warned: unknown[] = [];
    const adapter = pgliteAdapter(closedDatabase, { warn: (o: unknown) => warned.push(o) } as never);
    // Not started: these calls go straight to the adapter, as the unawaited ones of a stopping worker do.
    const boss = new PgBoss({ db: adapter });
    adapter.stopping();
    await expect(boss.fail('mail', JOB_ID, new Error('late'))).resolves.toMatchObject({ affected: 0 });
    await expect(boss.complete('mail', JOB_ID)).resolves.toMatchObject({ affected: 0 });
    await expect(boss.fetch('mail')).resolves.toEqual([]);
    expect(warned).toHaveLength(3);
    await adapter.settled();
  });
});
