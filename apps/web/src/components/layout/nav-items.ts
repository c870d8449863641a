import type { TPermission } from '@docket/schemas/account';
import {
  ArrowDownUp,
  Banknote,
  BarChart3,
  Calendar,
  CreditCard,
  Landmark,
  FileText,
  LayoutDashboard,
  Package,
  ReceiptPoundSterling,
  ReceiptText,
  Repeat,
  Settings,
  UserCog,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

export interface TNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** what the member's role needs for the screen to be offered */
  needs: TPermission;
  /** a count shown beside the label: statement lines still to explain */
  badge?: 'unexplained';
}

/** The navigation, in this order (docs/product.md, "Screens"); Credit notes follow Invoices. */
export const NAV_ITEMS: TNavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, needs: 'read' },
  { to: '/clients', label: 'Clients', icon: Users, needs: 'field-read' },
  { to: '/quotes', label: 'Quotes', icon: FileText, needs: 'field-read' },
  { to: '/invoices', label: 'Invoices', icon: ReceiptPoundSterling, needs: 'read' },
  { to: '/credit-notes', label: 'Credit notes', icon: ReceiptText, needs: 'read' },
  { to: '/recurring', label: 'Recurring', icon: Repeat, needs: 'read' },
  { to: '/expenses', label: 'Expenses', icon: Wallet, needs: 'read' },
  { to: '/bank', label: 'Bank', icon: Banknote, needs: 'read', badge: 'unexplained' },
  { to: '/reports', label: 'Reports', icon: BarChart3, needs: 'read' },
  { to: '/vat', label: 'VAT', icon: Landmark, needs: 'vat-filing' },
  { to: '/data', label: 'Import & export', icon: ArrowDownUp, needs: 'read' },
  { to: '/items', label: 'Items', icon: Package, needs: 'field-read' },
  { to: '/calendar', label: 'Calendar', icon: Calendar, needs: 'field-read' },
  { to: '/settings', label: 'Settings', icon: Settings, needs: 'read' },
  { to: '/settings/team', label: 'Team', icon: UserCog, needs: 'team' },
  { to: '/pricing', label: 'Pricing', icon: CreditCard, needs: 'team' },
];
