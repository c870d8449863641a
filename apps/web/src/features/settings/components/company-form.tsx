import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ZCompanyRequest, type TCompany, type TCompanyRequest, type TCompanyRequestParsed } from '@docket/schemas/company';
import { DEFAULT_TAX_RATE } from '@docket/schemas/constants';
import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { errorMessage } from '@/lib/api-client';
import { toastError, toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { withPeppolIdFromForm } from '@/components/peppol-id-fields';
import { useCreateCompany } from '../api/create-company';
import { useUpdateCompany } from '../api/update-company';
import { useUploadLogo } from '../api/upload-logo';
import { companyFormDefaults, toCompanyPayload } from '../utils/company-payload';
import { logoFileProblem } from '../utils/check-logo-file';
import { readDataUrl } from '../utils/read-data-url';
import { BankDetailsFields } from './bank-details-fields';
import { CompanyInfoFields } from './company-info-fields';
import { DocumentSettingsFields } from './document-settings-fields';
import { LogoPicker } from './logo-picker';
import { NumberCounters } from './number-counters';

/**
 * With no profile: the short form (company information only) and 'Create Company Profile'.
 * With a profile: every section and 'Save Changes'. Saving creates or updates; a picked logo
 * is uploaded after the save.
 */
export function CompanyForm({ company }: { company: TCompany | null }) {
  const createCompany = useCreateCompany();
  const updateCompany = useUpdateCompany();
  const uploadLogo = useUploadLogo();
  const [pickedLogo, setPickedLogo] = useState<string | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const form = useForm<TCompanyRequest, unknown, TCompanyRequestParsed>({
    resolver: withPeppolIdFromForm(zodResolver(ZCompanyRequest)),
    defaultValues: companyFormDefaults(company),
  });
  const { isSubmitting } = form.formState;

  async function pickLogo(file: File) {
    const problem = await logoFileProblem(file).catch(() => ERROR_MESSAGES.logoType);
    setLogoError(problem);
    if (problem) {
      // Refused now, with the API's words, rather than previewed and refused after Save.
      setPickedLogo(null);
      toastError(problem);
      return;
    }
    try {
      setPickedLogo(await readDataUrl(file));
    } catch {
      toastError('Failed to upload logo');
    }
  }

  const onSubmit = form.handleSubmit(async (values: TCompanyRequestParsed) => {
    const payload = toCompanyPayload(values);
    try {
      if (company) {
        await updateCompany.mutateAsync(payload);
        toastSuccess('Company profile updated successfully');
      } else {
        await createCompany.mutateAsync(payload);
        toastSuccess('Company profile created successfully');
      }
    } catch (error) {
      toastError(errorMessage(error, 'Failed to save company profile'));
      return;
    }
    if (pickedLogo) {
      try {
        await uploadLogo.mutateAsync(pickedLogo);
        setPickedLogo(null);
        toastSuccess('Logo uploaded successfully');
      } catch (error) {
        toastError(errorMessage(error, 'Failed to upload logo'));
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
      <CompanyInfoFields form={form} />
      {company && (
        <>
          <LogoPicker preview={pickedLogo ?? company.logo} error={logoError} onPick={(file) => void pickLogo(file)} />
          <BankDetailsFields form={form} />
          <DocumentSettingsFields form={form} savedTaxRate={company.defaultTaxRate ?? DEFAULT_TAX_RATE} />
          <NumberCounters company={company} />
        </>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? 'Saving...' : company ? 'Save Changes' : 'Create Company Profile'}
        </Button>
      </div>
    </form>
  );
}
