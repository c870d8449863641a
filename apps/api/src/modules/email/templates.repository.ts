import { eq, sql } from 'drizzle-orm';
import { DEFAULT_EMAIL_TEMPLATES, type TEmailTemplateKind, type TEmailTemplates } from '@docket/schemas/email';
import type { Database } from '../../db/client.ts';
import { emailTemplates } from '../../db/schema.ts';

/** An account's templates: its own rows over the defaults. */
export function createTemplatesRepository(db: Database) {
  return {
    async all(userId: string): Promise<TEmailTemplates> {
      const rows = await db.select().from(emailTemplates).where(eq(emailTemplates.userId, userId));
      const out: TEmailTemplates = { ...DEFAULT_EMAIL_TEMPLATES };
      for (const r of rows) out[r.kind as TEmailTemplateKind] = { subject: r.subject, body: r.body };
      return out;
    },
    async save(userId: string, kind: TEmailTemplateKind, subject: string, body: string) {
      await db
        .insert(emailTemplates)
        .values({ userId, kind, subject, body })
        .onConflictDoUpdate({
          target: [emailTemplates.userId, emailTemplates.kind],
          set: { subject, body, updatedAt: sql`now()` },
        });
    },
  };
}
export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
