import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import { openDatabase, queryRows, type DatabaseHandle } from './client.ts';

/**
 * schema.ts is what the code queries; the migrations are what a database really holds. Migrations
 * are written by hand when branches meet, so this compares the two after every migration has run:
 * the same tables, the same columns, the same types and the same nullability.
 */
interface ColumnRow {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
}

// drizzle's SQL type names against PostgreSQL's internal (udt) names.
const udtOf: Record<string, string> = {
  text: 'text',
  integer: 'int4',
  bigint: 'int8',
  boolean: 'bool',
  date: 'date',
  jsonb: 'jsonb',
  uuid: 'uuid',
  bytea: 'bytea',
  'timestamp with time zone': 'timestamptz',
  timestamp: 'timestamp',
};

const declaredTables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => value instanceof PgTable);

function declared(): Map<string, { udt: string; nullable: boolean }> {
  const columns = new Map<string, { udt: string; nullable: boolean }>();
  for (const table of declaredTables) {
    const config = getTableConfig(table);
    for (const column of config.columns) {
      const type = column.getSQLType();
      columns.set(`${config.name}.${column.name}`, {
        udt: udtOf[type] ?? type,
        nullable: !column.notNull,
      });
    }
  }
  return columns;
}

describe('schema.ts against the migrated database', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({});
  });
  afterAll(async () => {
    await handle.close();
  });

  it('when every migration has run, then the tables and columns are exactly those schema.ts declares', async () => {
    const rows = await queryRows<ColumnRow>(
      handle.db,
      sql`select c.table_name, c.column_name, c.udt_name, c.is_nullable
            from information_schema.columns c
            join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
           where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`,
    );
    const migrated = new Map(rows.map((row) => [`${row.table_name}.${row.column_name}`, { udt: row.udt_name, nullable: row.is_nullable === 'YES' }]));
    const expected = declared();
    expect(declaredTables.length).toBeGreaterThan(20);
    expect([...migrated.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [key, column] of expected) expect({ key, ...migrated.get(key) }).toEqual({ key, ...column });
  });
});
