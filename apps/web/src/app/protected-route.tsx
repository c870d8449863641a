import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '@/lib/auth';
import { Spinner } from '@/components/ui/spinner';

/** While the session loads show a spinner; without a user go to /login (docs/product.md, "Screens"). */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner label="Loading session" />
      </div>
    );
  }
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** /login and /register: a signed-in visitor goes straight to the dashboard. */
export function PublicOnlyRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner label="Loading session" />
      </div>
    );
  }
  // An invitation opened before signing in is accepted right after (features/team).
  const pending = user ? sessionStorage.getItem('pendingInvitation') : null;
  if (pending) return <Navigate to={`/accept-invitation?token=${encodeURIComponent(pending)}`} replace />;
  if (user) return <Navigate to="/" replace />;
  return <>{children}</>;
}
