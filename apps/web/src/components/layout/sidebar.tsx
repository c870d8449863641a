import { LogOut } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { useSession } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { NAV_ITEMS } from './nav-items';
import { SubscriptionPanel } from './subscription-panel';
import { NotificationBell } from './notification-bell';

/** Brand, navigation, the user's email, Sign Out and the subscription panel (used by both layouts). */
export function SidebarContent({ onNavigate, bell = false }: { onNavigate?: () => void; bell?: boolean }) {
  const { user, signOut } = useSession();
  return (
    <div className="flex h-full flex-col gap-4 overflow-y-auto p-4">
      <div className="flex items-center justify-between px-2">
        <span className="text-xl font-bold text-brand-700">Docket</span>
        {bell && <NotificationBell />}
      </div>
      <nav aria-label="Main">
        <ul className="space-y-1">
          {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
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
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-auto space-y-3">
        <SubscriptionPanel />
        <div className="border-t border-slate-200 pt-3">
          <p className="truncate px-2 text-sm text-slate-600" title={user?.email}>
            {user?.email}
          </p>
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
