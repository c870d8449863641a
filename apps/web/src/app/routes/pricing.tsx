import { PricingScreen } from '@/features/pricing/components/pricing-screen';

export default function PricingRoute() {
  return <PricingScreen />;
}
