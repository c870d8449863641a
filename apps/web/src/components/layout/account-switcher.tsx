import { useQuery } from '@tanstack/react-query';
import { ROLE_LABELS, type TAccountSummary } from '@docket/schemas/account';
import { apiGet, errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';
import { toastError } from '@/lib/toast';
import { Select } from '@/components/ui/select';

/** The business the session works in; shown only to users with more than one (docs/product.md, "Accounts and roles"). */
export function AccountSwitcher() {
  const { user, switchAccount } = useSession();
  const accounts = useQuery({ queryKey: queryKeys.accounts, queryFn: () => apiGet<TAccountSummary[]>('/accounts'), enabled: Boolean(user) });
  if (!accounts.data || accounts.data.length < 2) return null;
  const current = accounts.data.find((a) => a.current)?.id ?? user?.account?.id ?? '';
  return (
    <label className="block px-2 text-xs font-medium text-slate-500">
      Business
      <Select
        aria-label="Business"
        className="mt-1 w-full"
        value={current}
        onChange={(e) => {
          switchAccount(e.target.value).catch((error: unknown) => toastError(errorMessage(error, 'Could not switch business')));
        }}
      >
        {accounts.data.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name} ({ROLE_LABELS[a.role]})
          </option>
        ))}
      </Select>
    </label>
  );
}
