import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * The member who did it, as a JSON value inside a json_build_object ({userId, email, name} or
 * null), so a payment or credit note carries its member in the invoice row's one query; read back
 * by actorOfRef (lib/actor.ts), which applies the name rule.
 */
export const actorRefSql = (actorUserId: PgColumn): SQL =>
  sql`(select json_build_object('userId', ${users.id}, 'email', ${users.email}, 'name', ${users.name}) from ${users} where ${users.id} = ${actorUserId})`;
