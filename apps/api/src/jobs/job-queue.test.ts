import { describe, expect, it } from 'vitest';
import { pgliteAdapter } from './job-queue.ts';

const closedDatabase = {
  query: () => Promise.reject(new Error('PGlite is closed')),
  exec: () => Promise.reject(new Error('PGlite is closed')),
};

describe("pg-boss's PGlite adapter", () => {
  it('when a statement fails while the queue runs, then pg-boss gets the error', async () => {
    const warned: unknown[] = [];
    const adapter = pgliteAdapter(closedDatabase, { warn: (o: unknown) => warned.push(o) } as never);
    await expect(adapter.executeSql('select $1::int', [1])).rejects.toThrow('PGlite is closed');
    expect(warned).toEqual([]);
  });

  it('when a statement fails once the stop has begun (a late job recording its failure), then it answers no rows and is logged, so no rejection goes unhandled', async () => {
    const warned: unknown[] = [];
    const adapter = pgliteAdapter(closedDatabase, { warn: (o: unknown) => warned.push(o) } as never);
    adapter.stopping();
    await expect(adapter.executeSql('update pgboss.job set state = $1', ['failed'])).resolves.toEqual({ rows: [] });
    await expect(adapter.executeSql('select 1')).resolves.toEqual({ rows: [] });
    expect(warned).toHaveLength(2);
    await adapter.settled();
  });
});
