import { ItemsScreen } from '@/features/items/components/items-screen';

export default function ItemsRoute() {
  return <ItemsScreen />;
}
