import { AlertTriangle } from 'lucide-react';
import { useCompanyProfile } from '@/lib/queries/company-profile';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { CompanyForm } from './company-form';
import { EmailSettings } from './email-settings';
import { OnlinePaymentSettings } from './online-payment-settings';

export function SettingsScreen() {
  const profile = useCompanyProfile();

  if (profile.isPending) {
    return (
      <div className="flex flex-col items-center gap-3 py-16">
        <Spinner label="Loading settings" />
        <p className="text-sm text-slate-600">Loading settings...</p>
      </div>
    );
  }

  // A failure other than 404 (logged by the shared query) means "no profile" here too.
  const company = profile.data ?? null;
  return (
    <div>
      <PageHeader title="Company Settings" subtitle="Manage your company profile, branding and document settings" />
      {!company && (
        <div role="status" className="mb-6 flex gap-3 rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-yellow-900">
          <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <div>
            <h2 className="font-semibold">Company Profile Required</h2>
            <p className="mt-1 text-sm">
              You need to create a company profile before you can generate PDF quotes and invoices. Fill in your company information below to get started.
            </p>
          </div>
        </div>
      )}
      {/* Remount when the profile appears so the full form starts from the saved values. */}
      <CompanyForm key={company ? company.id : 'new'} company={company} />
      <h2 className="mb-3 mt-8 text-xl font-semibold text-slate-900">Email</h2>
      <div className="space-y-6">
        <EmailSettings hasProfile={Boolean(company)} />
      </div>
      <h2 className="mb-3 mt-8 text-xl font-semibold text-slate-900">Payments</h2>
      <OnlinePaymentSettings />
    </div>
  );
}
