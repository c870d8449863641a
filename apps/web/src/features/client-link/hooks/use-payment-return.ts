import { useEffect, useState } from 'react';

export type PaymentReturn = 'success' | 'cancelled' | null;

/** ?payment=success|cancelled: where the provider's page sent the customer back to. */
const returnedFrom = (): PaymentReturn => {
  const v = new URLSearchParams(window.location.search).get('payment');
  return v === 'success' || v === 'cancelled' ? v : null;
};

/**
 * Back from the provider's page: which way it went, and while a successful payment is not yet
 * recorded (`stillOwed`), `waiting` — the page looks again every second (up to 30 times), since
 * the provider's webhook may land a moment after the customer does.
 */
export function usePaymentReturn(stillOwed: boolean, reload: () => void) {
  const [payment] = useState(returnedFrom);
  const waiting = payment === 'success' && stillOwed;
  useEffect(() => {
    if (!waiting) return;
    let tries = 0;
    const timer = window.setInterval(() => {
      if (++tries > 30) window.clearInterval(timer);
      else reload();
    }, 1000);
    return () => window.clearInterval(timer);
  }, [waiting, reload]);
  return { payment, waiting };
}
