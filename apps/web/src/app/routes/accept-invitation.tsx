import { AcceptInvitationPage } from '@/features/team/components/accept-invitation-page';

export default function AcceptInvitationRoute() {
  return <AcceptInvitationPage />;
}
