import { memberName } from '@docket/schemas/account';

/**
 * Who did it, as answers show it: `by` is present only when a member is recorded (rows written
 * before accounts, and the system's own, have none), so older answers read as before. The name is
 * the member's own, else the email's part before the @ (memberName).
 */
export function actorOf(userId: string | null, email: string | null, name: string | null = null): { by?: { userId: string; email: string; name: string } } {
  if (!userId || !email) return {};
  return { by: { userId, email, name: memberName(name, email) } };
}

/** The member as a JSON column holds it (actorRefSql); null when none is recorded. */
export interface ActorRef {
  userId: string;
  email: string;
  name: string | null;
}
export const actorOfRef = (ref: ActorRef | null | undefined) => actorOf(ref?.userId ?? null, ref?.email ?? null, ref?.name ?? null);
