import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ONLINE_PROVIDERS, ONLINE_PROVIDER_LABELS, type TOnlineProvider, type TProviderSettings } from '@docket/schemas/online-payment';
import { errorMessage } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { getOnlinePayments, onlinePaymentsKey, removeOnlinePayment, saveOnlinePayment, saveSurcharge } from '../api/online-payments';
import { SettingsSection } from './settings-section';

const KEY_LABELS: Record<TOnlineProvider, { key: string; secret: string }> = {
  stripe: { key: 'Secret key (sk_live_… or sk_test_…)', secret: 'Webhook signing secret (whsec_…)' },
  gocardless: { key: 'Access token', secret: 'Webhook endpoint secret' },
};

/**
 * Settings → Online payments (docs/product.md, "Payments from the link"): keys go in and are
 * never shown again (only their last characters); the webhook URL is what to paste into the
 * provider's dashboard. With none on, the customer's link shows bank details only.
 */
export function OnlinePaymentSettings() {
  const list = useQuery({ queryKey: onlinePaymentsKey, queryFn: getOnlinePayments });
  return (
    <SettingsSection
      title="Online payments"
      description="Let customers pay an invoice from its link by card or bank. Without a provider the link shows your bank details only."
    >
      {list.isError && <p className="text-sm text-red-700">Online payment settings could not be loaded.</p>}
      {list.data && (
        <div className="space-y-6">
          {ONLINE_PROVIDERS.map((p) => (
            <ProviderForm key={p} provider={p} saved={list.data.find((s) => s.provider === p) ?? null} />
          ))}
        </div>
      )}
    </SettingsSection>
  );
}

function ProviderForm({ provider, saved }: { provider: TOnlineProvider; saved: TProviderSettings | null }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [secretKey, setSecretKey] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const [enabled, setEnabled] = useState(saved?.enabled ?? true);
  const [error, setError] = useState<string | null>(null);
  const done = async (message: string) => {
    setSecretKey('');
    setWebhookSecret('');
    await queryClient.invalidateQueries({ queryKey: onlinePaymentsKey });
    toastSuccess(message);
  };
  const save = useMutation({
    mutationFn: () => saveOnlinePayment(provider, { secretKey: secretKey.trim(), webhookSecret: webhookSecret.trim(), enabled }),
    onSuccess: () => done(`${ONLINE_PROVIDER_LABELS[provider]} saved`),
    onError: (err) => setError(errorMessage(err, 'Could not save the keys')),
  });
  const remove = useMutation({
    mutationFn: () => removeOnlinePayment(provider),
    onSuccess: () => done(`${ONLINE_PROVIDER_LABELS[provider]} removed`),
    onError: (err) => setError(errorMessage(err, 'Could not remove the provider')),
  });
  return (
    <form
      aria-label={ONLINE_PROVIDER_LABELS[provider]}
      className="space-y-3 border-b border-slate-200 pb-4 last:border-0"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        save.mutate();
      }}
    >
      <h3 className="font-semibold text-slate-900">{ONLINE_PROVIDER_LABELS[provider]}</h3>
      {saved ? (
        <div className="text-sm text-slate-700">
          <p>
            {saved.enabled ? 'On' : 'Off'}, key ending {saved.keyHint}
          </p>
          <p className="break-all">
            Webhook URL: <code>{saved.webhookUrl}</code>
          </p>
        </div>
      ) : (
        <p className="text-sm text-slate-700">Not set up.</p>
      )}
      <div>
        <Label htmlFor={`${id}-key`}>{KEY_LABELS[provider].key}</Label>
        <Input id={`${id}-key`} type="password" autoComplete="off" value={secretKey} onChange={(e) => setSecretKey(e.target.value)} />
      </div>
      <div>
        <Label htmlFor={`${id}-secret`}>{KEY_LABELS[provider].secret}</Label>
        <Input id={`${id}-secret`} type="password" autoComplete="off" value={webhookSecret} onChange={(e) => setWebhookSecret(e.target.value)} />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        Offer this on invoice links
      </label>
      {saved && <SurchargeField provider={provider} saved={saved} />}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          Save {provider === 'stripe' ? 'Stripe' : 'GoCardless'} keys
        </Button>
        {saved && (
          <Button type="button" variant="outline" disabled={remove.isPending} onClick={() => remove.mutate()}>
            Remove
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * Off by default. The Consumer Rights (Payment Surcharges) Regulations 2012 ban surcharges to
 * consumers, so it is added for business clients only, shown to them before they pay.
 */
function SurchargeField({ provider, saved }: { provider: TOnlineProvider; saved: TProviderSettings }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [percent, setPercent] = useState(String(saved.surchargePercent));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => saveSurcharge(provider, Number(percent)),
    onSuccess: async () => {
      setError(null);
      await queryClient.invalidateQueries({ queryKey: onlinePaymentsKey });
      toastSuccess('Surcharge saved');
    },
    onError: (err) => setError(errorMessage(err, 'Could not save the surcharge')),
  });
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div>
        <Label htmlFor={`${id}-surcharge`}>Surcharge for business clients (%; 0 = none)</Label>
        <Input id={`${id}-surcharge`} inputMode="decimal" value={percent} onChange={(e) => setPercent(e.target.value)} className="w-32" />
      </div>
      <Button type="button" variant="outline" disabled={save.isPending} onClick={() => save.mutate()}>
        Save surcharge
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
