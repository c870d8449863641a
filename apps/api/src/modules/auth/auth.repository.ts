import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export function createAuthRepository(db: Database) {
  // Every authenticated request looks its user up (a deleted user is refused at once, so no
  // cache): prepared once instead of rebuilding the SQL per request.
  const byId = db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_by_id');
  return {
    async findByEmail(email: string) {
      const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
      return row ?? null;
    },
    async findById(id: string) {
      const [row] = await byId.execute({ id });
      return row ?? null;
    },
    /** null when the email is taken (the unique index decides, so racing sign-ups are safe). */
    async create(email: string, passwordHash: string) {
      const [row] = await db
        .insert(users)
        .values({ email, passwordHash })
        .onConflictDoNothing()
        .returning({ id: users.id, email: users.email });
      return row ?? null;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
