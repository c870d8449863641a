import { LogOut } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { useSession } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { useRole } from '@/lib/role';
import { NAV_ITEMS } from './nav-items';
import { AccountSwitcher } from './account-switcher';
import { SubscriptionPanel } from './subscription-panel';
import { NotificationBell } from './notification-bell';
import { useUnexplainedCount } from '@/lib/queries/bank-accounts';

/** Brand, navigation, the user's email, Sign Out and the subscription panel (used by both layouts). */
export function SidebarContent({ onNavigate, bell = false }: { onNavigate?: () => void; bell?: boolean }) {
  const { user, signOut } = useSession();
  const { can } = useRole();
  const unexplained = useUnexplainedCount(can('read'));
  return (
    <div className="flex h-full flex-col gap-4 overflow-y-auto p-4">
      <div className="flex items-center justify-between px-2">
        <span className="text-xl font-bold text-brand-700">Docket</span>
        {bell && <NotificationBell />}
      </div>
      <AccountSwitcher />
      <nav aria-label="Main">
        <ul className="space-y-1">
          {NAV_ITEMS.filter((item) => can(item.needs)).map(({ to, label, icon: Icon, badge }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={to === '/settings'}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
                    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
                  )
                }
              >
                <Icon aria-hidden="true" className="h-4 w-4" />
                {label}
                {badge === 'unexplained' && unexplained > 0 && (
                  <span className="ml-auto rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" data-testid="unexplained-badge">
                    {unexplained}
                    <span className="sr-only"> to explain</span>
                  </span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-auto space-y-3">
        <SubscriptionPanel />
        <div className="border-t border-slate-200 pt-3">
          <NavLink
            to="/profile"
            onClick={onNavigate}
            className="block truncate rounded-md px-2 text-sm text-slate-600 hover:bg-slate-100"
            title={`${user?.email ?? ''}: your profile`}
          >
            <span className="block truncate font-medium text-slate-800">{user?.name}</span>
            <span className="block truncate">{user?.email}</span>
          </NavLink>
          <Button variant="ghost" className="mt-2 w-full justify-start" onClick={signOut}>
            <LogOut aria-hidden="true" className="h-4 w-4" />
            Sign Out
          </Button>
        </div>
      </div>
    </div>
  );
}

/** The fixed sidebar of large screens. */
export function Sidebar() {
  return (
    <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-slate-200 bg-white lg:block">
      <SidebarContent bell />
    </aside>
  );
}
