import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MEMBER_NAME_MAX, ROLE_LABELS } from '@docket/schemas/account';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAcceptInvitation } from '../api/accept-invitation';

/** Kept while the invitee signs in or signs up; the sign-in screens bring them back here. */
export const PENDING_INVITATION_KEY = 'pendingInvitation';

/**
 * /accept-invitation?token=…: the invitee signs up or signs in as the invited address, gives the
 * name the team will see, then joins (docs/product.md, "Accounts and roles").
 */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, isLoading, switchAccount } = useSession();
  const accept = useAcceptInvitation();
  const [name, setName] = useState<string | null>(null);

  useEffect(() => {
    if (!user && token) sessionStorage.setItem(PENDING_INVITATION_KEY, token);
  }, [user, token]);

  const join = (e: FormEvent) => {
    e.preventDefault();
    sessionStorage.removeItem(PENDING_INVITATION_KEY);
    // only a name they typed: an unchanged field keeps the name they have (or the email's first part)
    accept.mutate({ token, name: name ?? '' });
  };

  if (isLoading) return <Spinner label="Loading session" />;
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>Join a business on Docket</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {!token && <p>This invitation link is incomplete.</p>}
          {token && !user && (
            <>
              <p className="text-slate-700">Sign in, or create your login with the address the invitation was sent to, to accept it.</p>
              <div className="flex gap-3">
                <Link className="text-brand-700 underline" to="/login">
                  Sign in
                </Link>
                <Link className="text-brand-700 underline" to="/register">
                  Create your login
                </Link>
              </div>
            </>
          )}
          {token && user && !accept.data && (
            <form aria-label="Join" onSubmit={join} className="space-y-4" noValidate>
              <FormField label="Your name" hint="The name the team sees beside what you do">
                <Input value={name ?? user.name} maxLength={MEMBER_NAME_MAX} autoComplete="name" onChange={(e) => setName(e.target.value)} />
              </FormField>
              <Button type="submit" disabled={accept.isPending}>
                {accept.isPending ? 'Joining…' : 'Join'}
              </Button>
            </form>
          )}
          {user && accept.isError && <p role="alert">{errorMessage(accept.error, 'This invitation could not be accepted')}</p>}
          {user && accept.data && (
            <>
              <p>
                You joined <strong>{accept.data.accountName}</strong> as {ROLE_LABELS[accept.data.role]}.
              </p>
              <Button onClick={() => void switchAccount(accept.data.accountId)}>Open {accept.data.accountName}</Button>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
