import { ClientsScreen } from '@/features/clients/components/clients-screen';

export default function ClientsRoute() {
  return <ClientsScreen />;
}
