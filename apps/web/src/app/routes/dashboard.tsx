import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';

export default function DashboardRoute() {
  return <DashboardScreen />;
}
