import { useState, type FormEvent } from 'react';
import { ROLES, ROLE_LABELS, type TRole } from '@docket/schemas/account';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { useMembers } from '@/lib/queries/account-members';
import { toastError, toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import {
  useAccountSettings,
  useCancelInvitation,
  useChangeRole,
  useDeleteAccount,
  useInvitations,
  useInvite,
  useRemoveMember,
  useResendInvitation,
  useSaveAccountSettings,
} from '../api/team';

const ROLE_HINTS: Record<TRole, string> = {
  OWNER: 'Everything, including the team',
  OFFICE: 'Everything but the team',
  ENGINEER: 'Calendar, clients, draft quotes',
  ACCOUNTANT: 'Reads everything, changes nothing',
};

const fail = (fallback: string) => (error: unknown) => toastError(errorMessage(error, fallback));

/** Settings → Team: members and their roles, invitations (docs/product.md, "Accounts and roles"). */
export function TeamScreen() {
  const { user, switchAccount, signOut } = useSession();
  const members = useMembers();
  const invitations = useInvitations();
  const settings = useAccountSettings();
  const invite = useInvite();
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const save = useSaveAccountSettings();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TRole>('OFFICE');
  const deleteAccount = useDeleteAccount();
  const [confirm, setConfirm] = useState('');
  const businessName = settings.data?.name ?? '';

  // Once deleted the session's business is gone: go on in another of the user's businesses, or sign out.
  const onDelete = (e: FormEvent) => {
    e.preventDefault();
    deleteAccount.mutate(confirm, {
      onSuccess: ({ left }) => {
        toastSuccess(`${businessName} deleted`);
        if (left[0]) void switchAccount(left[0].id);
        else signOut();
      },
      onError: fail('Could not delete the business'),
    });
  };

  const onInvite = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate(
      { email, role },
      {
        onSuccess: (inv) => {
          toastSuccess(`Invitation sent to ${inv.email}`);
          setEmail('');
        },
        onError: fail('Could not send the invitation'),
      },
    );
  };

  return (
    <div className="space-y-6">
      <PageHeader title="Team" subtitle="Who works in this business, and what each may do" />
      <Card>
        <CardHeader>
          <CardTitle>Members</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-slate-200" aria-label="Members">
            {(members.data ?? []).map((m) => (
              <li key={m.userId} className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">{m.name}</p>
                  <p className="truncate text-sm text-slate-600">{m.email}</p>
                </div>
                <Select
                  aria-label={`Role of ${m.email}`}
                  value={m.role}
                  onChange={(e) =>
                    changeRole.mutate(
                      { userId: m.userId, role: e.target.value as TRole },
                      { onSuccess: () => toastSuccess('Role changed'), onError: fail('Could not change the role') },
                    )
                  }
                >
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {ROLE_LABELS[r]}
                    </option>
                  ))}
                </Select>
                {m.userId !== user?.id && (
                  <Button
                    variant="outline"
                    aria-label={`Remove ${m.email}`}
                    onClick={() =>
                      remove.mutate(m.userId, { onSuccess: () => toastSuccess(`${m.email} removed`), onError: fail('Could not remove the member') })
                    }
                  >
                    Remove
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Invite someone</CardTitle>
        </CardHeader>
        <CardContent>
          <form className="flex flex-wrap items-end gap-3" onSubmit={onInvite} aria-label="Invite someone">
            <label className="flex-1 text-sm font-medium text-slate-700">
              Email
              <Input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} className="mt-1" />
            </label>
            <label className="text-sm font-medium text-slate-700">
              Role
              <Select aria-label="Role" value={role} onChange={(e) => setRole(e.target.value as TRole)} className="mt-1">
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}: {ROLE_HINTS[r]}
                  </option>
                ))}
              </Select>
            </label>
            <Button type="submit" disabled={invite.isPending}>
              Send invitation
            </Button>
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Pending invitations</CardTitle>
        </CardHeader>
        <CardContent>
          {invitations.data && invitations.data.length === 0 && <p className="text-sm text-slate-600">No invitations waiting.</p>}
          <ul className="divide-y divide-slate-200" aria-label="Pending invitations">
            {(invitations.data ?? []).map((inv) => (
              <li key={inv.id} className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">{inv.email}</p>
                  <p className="text-sm text-slate-600">
                    {ROLE_LABELS[inv.role]} · expires {formatDate(inv.expiresAt)}
                  </p>
                </div>
                <Button
                  variant="outline"
                  onClick={() => resend.mutate(inv.id, { onSuccess: () => toastSuccess('Invitation sent again'), onError: fail('Could not resend') })}
                >
                  Resend
                </Button>
                <Button
                  variant="outline"
                  onClick={() => cancel.mutate(inv.id, { onSuccess: () => toastSuccess('Invitation cancelled'), onError: fail('Could not cancel') })}
                >
                  Cancel
                </Button>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Engineers</CardTitle>
        </CardHeader>
        <CardContent>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={settings.data?.engineersSeePrices ?? false}
              disabled={!settings.data || save.isPending}
              onChange={(e) =>
                save.mutate({ engineersSeePrices: e.target.checked }, { onSuccess: () => toastSuccess('Saved'), onError: fail('Could not save') })
              }
            />
            Engineers see prices
          </label>
          <p className="mt-1 text-sm text-slate-600">Off: engineers see no prices, totals or balances anywhere.</p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Delete this business</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-slate-600">
            Deletes every client, quote, invoice, payment, setting and email of {businessName || 'this business'}, for every member, and cannot be undone.
            Download the account export first if you need the records. Logins stay.
          </p>
          <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={onDelete} aria-label="Delete this business">
            <label className="flex-1 text-sm font-medium text-slate-700">
              Type the business&apos;s name to confirm
              <Input value={confirm} onChange={(e) => setConfirm(e.target.value)} className="mt-1" autoComplete="off" />
            </label>
            <Button type="submit" variant="destructive" disabled={!businessName || confirm.trim() !== businessName.trim() || deleteAccount.isPending}>
              Delete business
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
