import { ArrowDownUp, BarChart3, Calendar, CreditCard, FileText, LayoutDashboard, Package, ReceiptPoundSterling, ReceiptText, Repeat, Settings, Users, type LucideIcon } from 'lucide-react';

export interface TNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** The navigation, in this order (docs/product.md, "Screens"); Credit notes follow Invoices. */
export const NAV_ITEMS: TNavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/clients', label: 'Clients', icon: Users },
  { to: '/quotes', label: 'Quotes', icon: FileText },
  { to: '/invoices', label: 'Invoices', icon: ReceiptPoundSterling },
  { to: '/credit-notes', label: 'Credit notes', icon: ReceiptText },
  { to: '/recurring', label: 'Recurring', icon: Repeat },
  { to: '/reports', label: 'Reports', icon: BarChart3 },
  { to: '/data', label: 'Import & export', icon: ArrowDownUp },
  { to: '/items', label: 'Items', icon: Package },
  { to: '/calendar', label: 'Calendar', icon: Calendar },
  { to: '/settings', label: 'Settings', icon: Settings },
  { to: '/pricing', label: 'Pricing', icon: CreditCard },
];
