import { may, type TPermission, type TRole } from '@docket/schemas/account';
import { useSession } from './auth';

/**
 * What the signed-in member's role allows, to hide what they may not do; the server is the
 * authority and refuses the rest (docs/product.md, "Accounts and roles"). A session without an
 * account (a token from before accounts) is treated as its owner's, as the server does.
 */
export function useRole(): { role: TRole; can: (permission: TPermission) => boolean; pricesHidden: boolean } {
  const { user } = useSession();
  const role: TRole = user?.account?.role ?? 'OWNER';
  return {
    role,
    can: (permission) => may(role, permission),
    pricesHidden: role === 'ENGINEER' && !user?.account?.engineersSeePrices,
  };
}

/** Where a role lands after sign-in: engineers have no dashboard, so their calendar. */
export const homePathFor = (role: TRole) => (role === 'ENGINEER' ? '/calendar' : '/dashboard');

/** Where sign-in and sign-up go: an invitation opened before signing in, or the start. */
export function afterSignInPath(): string {
  const pending = sessionStorage.getItem('pendingInvitation');
  return pending ? `/accept-invitation?token=${encodeURIComponent(pending)}` : '/';
}
