import type { UseFormReturn } from 'react-hook-form';
import type { TCompanyRequest, TCompanyRequestParsed } from '@docket/schemas/company';

export type TCompanyForm = UseFormReturn<TCompanyRequest, unknown, TCompanyRequestParsed>;
