import { ClientAccountScreen } from '@/features/client-account/components/client-account-screen';

export default function ClientAccountRoute() {
  return <ClientAccountScreen />;
}
