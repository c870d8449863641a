import type { TOnlineProvider } from '@docket/schemas/online-payment';

interface PayButtonsProps {
  providers: TOnlineProvider[];
  /** the words on each provider's button, e.g. 'Pay now £379.20' */
  label: (provider: TOnlineProvider) => string;
  onPay: (provider: TOnlineProvider) => void;
  busy: boolean;
  error: string | null;
}

/** One button per provider the business has on (the first one filled), and the server's message when asking failed. */
export function PayButtons({ providers, label, onPay, busy, error }: PayButtonsProps) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      {providers.map((p, i) => (
        <button
          key={p}
          type="button"
          disabled={busy}
          onClick={() => onPay(p)}
          className={
            i === 0
              ? 'rounded-md bg-green-700 px-4 py-3 font-semibold text-white disabled:opacity-60'
              : 'rounded-md border border-green-700 bg-white px-4 py-3 font-semibold text-green-900 disabled:opacity-60'
          }
        >
          {label(p)}
        </button>
      ))}
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
