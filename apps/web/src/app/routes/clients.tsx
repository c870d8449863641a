import { PlaceholderScreen } from './placeholder';

export default function ClientsRoute() {
  return <PlaceholderScreen title="Clients" />;
}
