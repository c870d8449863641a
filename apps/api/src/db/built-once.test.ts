import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';
import { builtOnce } from './built-once.ts';
import { namingClient } from './pg-statement-names.ts';

const things = pgTable('things', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }),
});

const THINGS = `create temporary table things (id int primary key, name text not null, seen_at timestamptz)`;

// Each pass's own driver: PGlite, or on the PostgreSQL pass a pool of one connection (its temporary
// table is that connection's) whose client names the statements it sees again, as the server's does.
describe('builtOnce', () => {
  let exec: (text: string) => Promise<unknown>;
  let close: () => Promise<void>;
  let db: Database;
  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      const pool = new pg.Pool({ connectionString: url, max: 1, Client: namingClient() });
      db = drizzlePg(pool) as unknown as Database;
      exec = (text) => pool.query(text);
      close = () => pool.end();
    } else {
      const client = await PGlite.create();
      db = drizzle(client) as unknown as Database;
      exec = (text) => client.exec(text);
      close = () => client.close();
    }
    await exec(THINGS);
  });
  afterAll(() => close());

  const selection = { id: things.id, name: things.name, seenAt: things.seenAt, shout: sql<string>`upper(${things.name})` };
  let builds = 0;
  const upsert = builtOnce<Database, { id: number; name: string; seenAt: Date | null; shout: string }>((x) => {
    builds++;
    return x
      .insert(things)
      .values({ id: sql.placeholder('id'), name: sql.placeholder('name'), seenAt: sql.placeholder('seenAt') })
      .onConflictDoUpdate({ target: things.id, set: { name: sql`excluded.name` } })
      .returning(selection);
  }, selection);

  it('when it runs with new values each time, then its text is built once and each answer carries its own values, mapped as drizzle maps them', async () => {
    const first = await upsert(db, { id: 1, name: 'boiler', seenAt: new Date('2026-12-07T10:00:00Z') });
    const second = await db.transaction((tx) => upsert(tx as unknown as Database, { id: 2, name: 'radiator', seenAt: new Date('2026-12-07T11:00:00Z') }));
    const again = await upsert(db, { id: 1, name: 'cylinder', seenAt: new Date('2026-12-07T12:00:00Z') });
    expect(builds).toBe(1);
    expect(first).toEqual([{ id: 1, name: 'boiler', seenAt: new Date('2026-12-07T10:00:00Z'), shout: 'BOILER' }]);
    expect(second).toEqual([{ id: 2, name: 'radiator', seenAt: new Date('2026-12-07T11:00:00Z'), shout: 'RADIATOR' }]);
    expect(again).toEqual([{ id: 1, name: 'cylinder', seenAt: new Date('2026-12-07T10:00:00Z'), shout: 'CYLINDER' }]);
    expect(await db.select({ name: things.name }).from(things).where(eq(things.id, 2))).toEqual([{ name: 'radiator' }]);
  });

  it('when a selected column is null, then its field is null, as drizzle answers it', async () => {
    await exec(`insert into things values (9, 'tap', null)`);
    const read = builtOnce<Database, { name: string; seenAt: Date | null }>(
      (x) =>
        x
          .select({ name: things.name, seenAt: things.seenAt })
          .from(things)
          .where(eq(things.id, sql.placeholder('id'))),
      { name: things.name, seenAt: things.seenAt },
    );
    expect(await read(db, { id: 9 })).toEqual(await db.select({ name: things.name, seenAt: things.seenAt }).from(things).where(eq(things.id, 9)));
    expect(await read(db, { id: 9 })).toEqual([{ name: 'tap', seenAt: null }]);
  });

  it('when its transaction rolls back, then what it wrote there is gone: it ran on the handle it was given', async () => {
    await expect(
      db.transaction(async (tx) => {
        await upsert(tx as unknown as Database, { id: 3, name: 'valve', seenAt: new Date('2026-12-07T13:00:00Z') });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await db.select({ id: things.id }).from(things).where(eq(things.id, 3))).toEqual([]);
  });
});
