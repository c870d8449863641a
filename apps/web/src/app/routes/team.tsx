import { TeamScreen } from '@/features/team/components/team-screen';

export default function TeamRoute() {
  return <TeamScreen />;
}
