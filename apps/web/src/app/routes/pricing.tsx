import { PlaceholderScreen } from './placeholder';

export default function PricingRoute() {
  return <PlaceholderScreen title="Pricing" />;
}
