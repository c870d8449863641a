import { londonDay } from '../../lib/clock.ts';
import { ERROR_MESSAGES } from '@docket/schemas/errors';
import type { TCompany, TCompanyRequestParsed } from '@docket/schemas/company';
import { AppError } from '../../lib/app-error.ts';
import { normaliseImage, normaliseLogoDataUrl } from '../../lib/image.ts';
import type { CountersRepository, DocumentKind } from '../numbering/counters.repository.ts';
import type { CompanyRepository, CompanyRow } from './company.repository.ts';
import { toCompanyDto, toCompanyFields } from './company.mapper.ts';

export function createCompanyService(repo: CompanyRepository, counters: CountersRepository) {
  const dto = async (row: CompanyRow): Promise<TCompany> =>
    toCompanyDto(row, await counters.read(row.userId, { quote: row.quoteNumberPrefix, invoice: row.invoiceNumberPrefix, credit_note: row.creditNotePrefix }));
  const required = async (userId: string) => {
    const row = await repo.get(userId);
    if (!row) throw new AppError('NOT_FOUND', ERROR_MESSAGES.companyNotFound);
    return row;
  };

  return {
    /** The raw row, for the PDF renderer and document defaults (null when none yet). */
    findRow: (userId: string) => repo.get(userId),
    get: async (userId: string) => dto(await required(userId)),
    /** The profile, or null when the account has none yet. */
    async find(userId: string): Promise<TCompany | null> {
      const row = await repo.get(userId);
      return row ? dto(row) : null;
    },
    async create(userId: string, input: TCompanyRequestParsed) {
      const fields = toCompanyFields(input);
      const row = await repo.create(userId, { ...fields, baseRateSetOn: fields.baseRateBp ? londonDay(new Date()) : null });
      if (!row) throw AppError.conflict(ERROR_MESSAGES.companyExists);
      return dto(row);
    },
    async update(userId: string, input: TCompanyRequestParsed) {
      const fields = toCompanyFields(input);
      // The base rate's date records when the user last changed it (docs/product.md, "Late payment").
      const before = await repo.get(userId);
      const changed = before && fields.baseRateBp !== undefined && before.baseRateBp !== fields.baseRateBp;
      const row = await repo.update(userId, changed ? { ...fields, baseRateSetOn: londonDay(new Date()) } : fields);
      if (!row) throw new AppError('NOT_FOUND', ERROR_MESSAGES.companyNotFound);
      return dto(row);
    },
    async setLogo(userId: string, dataUrl: string) {
      await required(userId);
      const image = await normaliseLogoDataUrl(dataUrl);
      const row = await repo.update(userId, { logo: image.data, logoMimeType: image.mimeType, logoNormalised: true });
      return dto(row!);
    },
    async removeLogo(userId: string) {
      await required(userId);
      return dto((await repo.update(userId, { logo: null, logoMimeType: null, logoNormalised: false }))!);
    },
    /**
     * The logo bytes a PDF may embed. A logo stored before uploads were normalised is normalised
     * now and saved; one that does not decode is removed, so it can never reach the PDF renderer.
     */
    async logoForPdf(row: Pick<CompanyRow, 'userId' | 'logo' | 'logoNormalised'>): Promise<Buffer | null> {
      if (!row.logo || row.logoNormalised) return row.logo;
      const image = await normaliseImage(row.logo).catch(() => null);
      await repo.update(row.userId, image ? { logo: image.data, logoMimeType: image.mimeType, logoNormalised: true } : { logo: null, logoMimeType: null });
      return image?.data ?? null;
    },
    async resetCounter(userId: string, kind: DocumentKind) {
      const row = await required(userId);
      await counters.reset(userId, kind);
      return dto(row);
    },
  };
}
export type CompanyService = ReturnType<typeof createCompanyService>;
