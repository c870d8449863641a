import type { FieldError, FieldValues, Resolver, UseFormRegisterReturn } from 'react-hook-form';
import { PEPPOL_COMMON_SCHEMES, PEPPOL_EAS_CODES, peppolIdFromForm } from '@docket/schemas/peppol';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';

const COMMON = new Set<string>(PEPPOL_COMMON_SCHEMES.map((s) => s.scheme));
const OTHER_SCHEMES = PEPPOL_EAS_CODES.filter((code) => !COMMON.has(code)).sort();

/** A form's values as the schema should see them: a blank Peppol id pair is "none" (null). */
export function withPeppolIdFromForm<TValues extends FieldValues, TContext, TOutput>(
  resolver: Resolver<TValues, TContext, TOutput>,
): Resolver<TValues, TContext, TOutput> {
  return (values, context, options) => resolver(peppolIdFromForm(values), context, options);
}

/** The form's starting pair: the stored id, or both blank. */
export const peppolIdFormDefaults = (id: { scheme: string; value: string } | null | undefined) => ({ scheme: id?.scheme ?? '', value: id?.value ?? '' });

interface PeppolIdFieldsProps {
  /** form.register('peppolId.scheme') and form.register('peppolId.value') */
  scheme: UseFormRegisterReturn;
  value: UseFormRegisterReturn;
  /** formState.errors.peppolId */
  errors?: { scheme?: FieldError; value?: FieldError; message?: string };
  /** whose id: "the client's" or "your" */
  whose: string;
}

/**
 * A Peppol participant id (docs/data-transfer.md, "Categories and identifiers we use"): the
 * electronic address a UBL e-invoice is routed by. Optional: without one, a UK VAT number is used
 * (scheme 9932), and a party with neither has no UBL (the route says what to add).
 */
export function PeppolIdFields({ scheme, value, errors, whose }: PeppolIdFieldsProps) {
  return (
    <>
      <FormField
        label="Peppol scheme"
        hint={`Optional: ${whose} e-invoice address; without one the UK VAT number is used`}
        error={errors?.scheme?.message ?? errors?.message}
      >
        <Select {...scheme}>
          <option value="">None</option>
          {PEPPOL_COMMON_SCHEMES.map((s) => (
            <option key={s.scheme} value={s.scheme}>
              {s.scheme} - {s.name}
            </option>
          ))}
          {OTHER_SCHEMES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Peppol ID" error={errors?.value?.message}>
        <Input autoComplete="off" spellCheck={false} {...value} />
      </FormField>
    </>
  );
}
