import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { getCurrentToast, subscribeToast } from '@/lib/toast';

// Radix Toast is only downloaded when the first toast is raised: it is not needed to paint a page.
const Toaster = lazy(() => import('./toaster'));

/** The global toast area (docs/product.md, "Screens"), mounted on every screen. */
export function ToastHost() {
  const current = useSyncExternalStore(subscribeToast, getCurrentToast, getCurrentToast);
  const [needed, setNeeded] = useState(false);
  // Stays mounted once needed so later toasts are instant (set during render: no extra effect pass).
  if (current && !needed) setNeeded(true);
  if (!needed && !current) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
