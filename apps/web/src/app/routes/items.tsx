import { PlaceholderScreen } from './placeholder';

export default function ItemsRoute() {
  return <PlaceholderScreen title="Items" />;
}
