import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TStamp } from '@docket/schemas/lifecycle';

/** The value a status change writes to a timestamp column (the rule: lifecycle's *_STAMPS). */
export const stampValue = (stamp: TStamp, column: PgColumn): SQL | null => (stamp === 'set' ? sql`now()` : stamp === 'clear' ? null : sql`${column}`);
