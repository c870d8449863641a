import { PlaceholderScreen } from './placeholder';

export default function DashboardRoute() {
  return <PlaceholderScreen title="Dashboard" />;
}
