import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import {
  BOXES,
  MTD_MESSAGES,
  type THmrcLiability,
  type THmrcPayment,
  type THmrcReturnView,
  type THmrcVatReturn,
  type TObligation,
  type TVatLiabilities,
  type TVatPayments,
  type TVatPreview,
  type TVatReceipt,
} from '@docket/schemas/mtd';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { VatReportService } from '../reports/vat-report.service.ts';
import { HmrcGrantRefused, HmrcUnavailable, type HmrcAnswer, type HmrcClient } from './hmrc-client.ts';
import type { MtdRepository, VatReturnRow } from './mtd.repository.ts';
import { normaliseVrn } from './vrn.ts';

/** An authorisation not completed within this is refused (HMRC's codes last 10 minutes). */
const STATE_MINUTES = 15;
/** Refresh this long before HMRC's expiry, so a call never starts with a token about to lapse. */
const REFRESH_MARGIN_MS = 5 * 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
const unavailable = () => new AppError('UNAVAILABLE', MTD_MESSAGES.unavailable);
const reconnect = () => new AppError('CONFLICT', MTD_MESSAGES.reconnect, { reason: 'reconnect' });
const pence = (pounds: number) => Math.round(pounds * 100);
const pounds = (p: number) => p / 100;
const hmrcCode = (a: HmrcAnswer) => (a.body && typeof a.body === 'object' && 'code' in a.body && typeof a.body.code === 'string' ? a.body.code : '');
/** YYYY-MM-DD, `days` before `to`. */
const daysBefore = (to: string, days: number) => new Date(Date.parse(`${to}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

const BOX_FIELDS = {
  box1: 'vatDueSales',
  box2: 'vatDueAcquisitions',
  box3: 'totalVatDue',
  box4: 'vatReclaimedCurrPeriod',
  box5: 'netVatDue',
  box6: 'totalValueSalesExVAT',
  box7: 'totalValuePurchasesExVAT',
  box8: 'totalValueGoodsSuppliedExVAT',
  box9: 'totalAcquisitionsExVAT',
} as const;
const boxOf = (b: Omit<THmrcVatReturn, 'finalised'>, box: (typeof BOXES)[number]) => b[BOX_FIELDS[box]];

export interface MtdDeps {
  repo: MtdRepository;
  vatReport: VatReportService;
  clock: Clock;
  logger: Logger;
  /** absent when HMRC_CLIENT_ID, HMRC_CLIENT_SECRET or SECRETS_KEY is not set */
  hmrc: { client: HmrcClient; box: SecretBox } | null;
}

/** Making Tax Digital for VAT (docs/product.md, "Filing VAT returns with HMRC"). */
export function createMtdService({ repo, vatReport, clock, logger, hmrc: configured }: MtdDeps) {
  // Sealed under another SECRETS_KEY (a restore elsewhere, a changed key) opens as null: as good as gone.
  const hmrc = configured && {
    client: configured.client,
    box: {
      encrypt: (plain: string) => configured.box.seal(plain),
      decrypt: (sealed: string): string | null => {
        try {
          return configured.box.open(sealed);
        } catch {
          return null;
        }
      },
    },
  };
  const need = () => {
    if (!hmrc) throw AppError.conflict(MTD_MESSAGES.notConfigured);
    return hmrc;
  };

  async function connection(accountId: string) {
    const { box } = need();
    const row = await repo.connection(accountId);
    if (!row) throw AppError.conflict(MTD_MESSAGES.notConnected);
    const accessToken = box.decrypt(row.accessToken);
    const refreshToken = box.decrypt(row.refreshToken);
    // Sealed under another SECRETS_KEY (a restore elsewhere, a rotated key): as good as gone.
    if (!accessToken || !refreshToken) throw reconnect();
    return { vrn: row.vrn, accessToken, refreshToken, expiresAt: row.expiresAt };
  }

  async function refresh(accountId: string, refreshToken: string): Promise<string> {
    const { client, box } = need();
    try {
      const t = await client.refresh(refreshToken);
      await repo.saveTokens(accountId, {
        accessToken: box.encrypt(t.accessToken),
        refreshToken: box.encrypt(t.refreshToken),
        expiresAt: new Date(clock().getTime() + t.expiresInSeconds * 1000),
      });
      return t.accessToken;
    } catch (err) {
      if (err instanceof HmrcGrantRefused) {
        logger.info({ accountId }, 'HMRC refused the refresh token: the account must reconnect');
        throw reconnect();
      }
      if (err instanceof HmrcUnavailable) throw unavailable();
      throw err;
    }
  }

  /** One HMRC call with a live token: refreshed before expiry, and once more on a 401. */
  async function withToken(accountId: string, call: (vrn: string, token: string) => Promise<HmrcAnswer>): Promise<HmrcAnswer> {
    const c = await connection(accountId);
    let token = c.accessToken;
    if (c.expiresAt.getTime() - REFRESH_MARGIN_MS <= clock().getTime()) token = await refresh(accountId, c.refreshToken);
    try {
      let answer = await call(c.vrn, token);
      if (answer.status === 401) {
        const latest = await connection(accountId);
        token = await refresh(accountId, latest.refreshToken);
        answer = await call(c.vrn, token);
        if (answer.status === 401) throw reconnect();
      }
      return answer;
    } catch (err) {
      if (err instanceof HmrcUnavailable) throw unavailable();
      throw err;
    }
  }

  /** HMRC's refusals that any call can meet, in plain words; nothing was changed by any of them. */
  function refusedAnyCall(code: string) {
    if (code === 'VRN_INVALID') throw AppError.badRequest(MTD_MESSAGES.invalidVrn);
    if (code === 'CLIENT_OR_AGENT_NOT_AUTHORISED') throw new AppError('CONFLICT', MTD_MESSAGES.notAuthorised, { reason: 'reconnect' });
    if (code === 'RULE_INSOLVENT_TRADER') throw AppError.conflict(MTD_MESSAGES.insolvent);
  }

  function refusedByHmrc(a: HmrcAnswer): never {
    const code = hmrcCode(a);
    refusedAnyCall(code);
    if (code === 'DUPLICATE_SUBMISSION') throw AppError.conflict(MTD_MESSAGES.duplicate);
    if (code === 'TAX_PERIOD_NOT_ENDED') throw AppError.conflict(MTD_MESSAGES.notEnded);
    if (code === 'NOT_FOUND' || a.status === 404) throw AppError.notFound('VAT obligation');
    throw AppError.conflict(MTD_MESSAGES.refused(code || String(a.status)));
  }

  /** A view of HMRC's records (liabilities, payments, a return): its refusals change nothing. */
  function viewRefused(a: HmrcAnswer): never {
    const code = hmrcCode(a);
    refusedAnyCall(code);
    if (code === 'DATE_RANGE_TOO_LARGE') throw AppError.conflict(MTD_MESSAGES.tooOld);
    logger.warn({ status: a.status, code }, 'HMRC refused a VAT view');
    throw AppError.conflict(MTD_MESSAGES.refusedView(code || String(a.status)));
  }

  function assertNotFuture(to: string) {
    if (to > clock().toISOString().slice(0, 10)) throw AppError.badRequest(MTD_MESSAGES.futureTo, { to: MTD_MESSAGES.futureTo });
  }

  async function obligations(accountId: string, status: 'O' | 'F' | undefined, headers: Record<string, string>): Promise<TObligation[]> {
    const today = clock().toISOString().slice(0, 10);
    // HMRC wants dates unless only open ones are asked for; a year back is the widest it allows.
    const q: Record<string, string> = status === 'O' ? { status } : { from: daysBefore(today, 365), to: today, ...(status ? { status } : {}) };
    const { client } = need();
    const a = await withToken(accountId, (vrn, token) => client.obligations(vrn, q, token, headers));
    if (a.status === 404) return [];
    if (a.status !== 200) refusedByHmrc(a);
    return ((a.body as { obligations: TObligation[] }).obligations ?? []).map((o) => ({ ...o }));
  }

  async function obligation(accountId: string, periodKey: string, headers: Record<string, string>): Promise<TObligation> {
    const open = await obligations(accountId, 'O', headers);
    const found = open.find((o) => o.periodKey === periodKey) ?? (await obligations(accountId, 'F', headers)).find((o) => o.periodKey === periodKey);
    if (!found) throw AppError.notFound('VAT obligation');
    return found;
  }

  /** The nine boxes for exactly the obligation's period, from the VAT report (docs/product.md). */
  async function figures(accountId: string, o: TObligation) {
    const report = await vatReport.vat(accountId, { from: o.start, to: o.end });
    // The VAT report's boxes, purchases (expenses) included: box 1 carries reverse-charge purchases' VAT, box 4 reclaims it.
    const box1 = pence(report.box1);
    const box2 = pence(report.box2);
    const box3 = box1 + box2;
    const box4 = pence(report.box4);
    // HMRC's netVatDue is never negative: a reclaim is told by box 4 exceeding box 3.
    const box5 = Math.abs(box3 - box4);
    // HMRC: boxes 6-9 in whole pounds; pence are left off, as its guidance says.
    const whole = (pounds: number) => Math.trunc(pounds);
    const body: THmrcVatReturn = {
      periodKey: o.periodKey,
      vatDueSales: pounds(box1),
      vatDueAcquisitions: pounds(box2),
      totalVatDue: pounds(box3),
      vatReclaimedCurrPeriod: pounds(box4),
      netVatDue: pounds(box5),
      totalValueSalesExVAT: whole(report.box6),
      totalValuePurchasesExVAT: whole(report.box7),
      totalValueGoodsSuppliedExVAT: whole(report.box8),
      totalAcquisitionsExVAT: whole(report.box9),
      finalised: true,
    };
    const sales = report.documents.map((d) => ({
      ...d,
      boxes: [...(d.vatAmount !== 0 ? ['box1', 'box3', 'box5'] : []), ...(d.net !== 0 ? ['box6'] : [])] as TVatPreview['documents'][number]['boxes'],
    }));
    const bought = report.purchases.map((e) => ({
      kind: 'expense' as const,
      id: e.id,
      invoiceId: null,
      number: e.supplier,
      date: e.date,
      clientName: e.supplier,
      vat: e.vat,
      net: e.net,
      vatAmount: e.vatAmount,
      boxes: [
        ...(e.vatAmount !== 0 ? (e.reverseCharge ? ['box1', 'box3', 'box4'] : ['box4', 'box5']) : []),
        ...(e.vat !== 'OUTSIDE_SCOPE' && e.net !== 0 ? ['box7'] : []),
      ] as TVatPreview['documents'][number]['boxes'],
    }));
    // A credit note against an invoice in a period already filed is that period's correction: shown as such (docs/product.md).
    const filed = await repo.returns(accountId);
    const days = await repo.invoiceDays(accountId, [...new Set(sales.filter((d) => d.kind === 'credit_note').map((d) => d.invoiceId))]);
    const correctionOf = (d: (typeof sales)[number]) => {
      const day = d.kind === 'credit_note' ? days.get(d.invoiceId) : undefined;
      const period = day ? filed.find((r) => r.periodStart <= day && day <= r.periodEnd && r.periodKey !== o.periodKey) : undefined;
      return period ? { periodStart: period.periodStart, periodEnd: period.periodEnd } : null;
    };
    const documents = [...sales.map((d) => ({ ...d, corrects: correctionOf(d) })), ...bought.map((d) => ({ ...d, corrects: null }))];
    return { basis: report.basis, body, documents };
  }

  const receipt = (r: VatReturnRow): TVatReceipt => ({
    periodKey: r.periodKey,
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    basis: r.basis,
    body: r.body as unknown as THmrcVatReturn,
    processingDate: r.processingDate,
    formBundleNumber: r.formBundleNumber,
    chargeRefNumber: r.chargeRefNumber,
    paymentIndicator: r.paymentIndicator,
    submittedBy: r.submittedBy,
    submittedAt: r.submittedAt.toISOString(),
  });

  return {
    async status(accountId: string) {
      const row = hmrc ? await repo.connection(accountId) : null;
      const vrn = row?.vrn ?? normaliseVrn(await repo.companyVatNumber(accountId));
      return { configured: Boolean(hmrc), connected: Boolean(row), vrn, ...(row ? { connectedAt: row.connectedAt.toISOString() } : {}) };
    },

    async startConnect(accountId: string, userId: string, redirectUri: string): Promise<string> {
      const { client, box } = need();
      if (!normaliseVrn(await repo.companyVatNumber(accountId))) throw AppError.badRequest(MTD_MESSAGES.invalidVrn);
      const state = randomBytes(32).toString('base64url');
      const verifier = randomBytes(48).toString('base64url');
      await repo.saveState(
        { stateHash: sha256(state), accountId, startedBy: userId, codeVerifier: box.encrypt(verifier), createdAt: clock() },
        new Date(clock().getTime() - STATE_MINUTES * 60_000),
      );
      return client.authoriseUrl({ state, codeChallenge: sha256(verifier), redirectUri });
    },

    /** HMRC's redirect: the state names the account and member; its code becomes our tokens. */
    async finishConnect(p: { state?: string; code?: string; error?: string }, redirectUri: string): Promise<'connected' | 'denied' | 'failed'> {
      const { client, box } = need();
      if (!p.state) return 'failed';
      const pending = await repo.takeState(sha256(p.state));
      if (!pending || pending.createdAt.getTime() < clock().getTime() - STATE_MINUTES * 60_000) return 'failed';
      if (p.error || !p.code) return 'denied';
      const verifier = box.decrypt(pending.codeVerifier);
      const vrn = normaliseVrn(await repo.companyVatNumber(pending.accountId));
      if (!verifier || !vrn) return 'failed';
      try {
        const t = await client.exchangeCode(p.code, verifier, redirectUri);
        const now = clock();
        await repo.saveConnection({
          accountId: pending.accountId,
          vrn,
          accessToken: box.encrypt(t.accessToken),
          refreshToken: box.encrypt(t.refreshToken),
          expiresAt: new Date(now.getTime() + t.expiresInSeconds * 1000),
          connectedAt: now,
          connectedBy: pending.startedBy,
        });
        return 'connected';
      } catch (err) {
        if (err instanceof HmrcGrantRefused || err instanceof HmrcUnavailable) {
          logger.warn({ accountId: pending.accountId, reason: err.message }, 'HMRC connection not completed');
          return 'failed';
        }
        throw err;
      }
    },

    /**
     * Forget the tokens: Docket can no longer act for the business. HMRC publishes no revocation
     * endpoint; the business removes the authority itself in its HMRC account (docs/product.md).
     */
    async disconnect(accountId: string) {
      need();
      if (!(await repo.deleteConnection(accountId))) throw AppError.conflict(MTD_MESSAGES.notConnected);
    },

    obligations,

    async preview(accountId: string, periodKey: string, headers: Record<string, string>) {
      const o = await obligation(accountId, periodKey, headers);
      const c = await connection(accountId);
      const filed = await repo.returnFor(accountId, c.vrn, periodKey);
      const f = await figures(accountId, o);
      return { obligation: o, ...f, submitted: filed ? receipt(filed) : null };
    },

    async submit(accountId: string, userId: string, periodKey: string, headers: Record<string, string>): Promise<TVatReceipt> {
      const { client } = need();
      const c = await connection(accountId);
      // Ours first: a period filed from Docket is never sent to HMRC again.
      if (await repo.returnFor(accountId, c.vrn, periodKey)) throw AppError.conflict(MTD_MESSAGES.duplicate);
      const o = await obligation(accountId, periodKey, headers);
      if (o.status !== 'O') throw AppError.conflict(o.status === 'F' ? MTD_MESSAGES.duplicate : MTD_MESSAGES.notOpen);
      const f = await figures(accountId, o);
      const a = await withToken(accountId, (vrn, token) => client.submitReturn(vrn, f.body, token, headers));
      if (a.status !== 201) refusedByHmrc(a);
      const answer = a.body as { processingDate: string; formBundleNumber: string; chargeRefNumber?: string; paymentIndicator?: string };
      try {
        const saved = await repo.insertReturn({
          accountId,
          vrn: c.vrn,
          periodKey,
          periodStart: o.start,
          periodEnd: o.end,
          basis: f.basis,
          body: f.body as unknown as Record<string, unknown>,
          processingDate: answer.processingDate,
          formBundleNumber: answer.formBundleNumber,
          chargeRefNumber: answer.chargeRefNumber ?? null,
          paymentIndicator: answer.paymentIndicator ?? null,
          receiptId: a.headers.get('receipt-id'),
          submittedBy: userId,
          submittedAt: clock(),
        });
        return receipt(saved);
      } catch (err) {
        // HMRC has the return; losing our copy must be loud (the receipt is in HMRC's records too).
        logger.error({ err, accountId, periodKey, formBundleNumber: answer.formBundleNumber }, 'VAT return filed with HMRC but not recorded');
        throw err;
      }
    },

    async returns(accountId: string) {
      return (await repo.returns(accountId)).map(receipt);
    },

    /** HMRC's amounts owed whose period ends within the dates (HMRC's 404 is "none on record"). */
    async liabilities(accountId: string, q: { from: string; to: string }, headers: Record<string, string>): Promise<TVatLiabilities> {
      assertNotFuture(q.to);
      const { client } = need();
      const a = await withToken(accountId, (vrn, token) => client.liabilities(vrn, q, token, headers));
      if (a.status === 404) return { ...q, liabilities: [], message: MTD_MESSAGES.noLiabilities };
      if (a.status !== 200) viewRefused(a);
      const list = (a.body as { liabilities?: THmrcLiability[] }).liabilities ?? [];
      return {
        ...q,
        liabilities: list.map(({ taxPeriod, type, originalAmount, outstandingAmount, due }) => ({
          ...(taxPeriod ? { taxPeriod: { from: taxPeriod.from, to: taxPeriod.to } } : {}),
          type,
          originalAmount,
          ...(outstandingAmount === undefined ? {} : { outstandingAmount }),
          ...(due ? { due } : {}),
        })),
        message: null,
      };
    },

    /** Payments HMRC has received within the dates (HMRC's 404 is "none on record"). */
    async payments(accountId: string, q: { from: string; to: string }, headers: Record<string, string>): Promise<TVatPayments> {
      assertNotFuture(q.to);
      const { client } = need();
      const a = await withToken(accountId, (vrn, token) => client.payments(vrn, q, token, headers));
      if (a.status === 404) return { ...q, payments: [], message: MTD_MESSAGES.noPayments };
      if (a.status !== 200) viewRefused(a);
      const list = (a.body as { payments?: THmrcPayment[] }).payments ?? [];
      return { ...q, payments: list.map(({ amount, received }) => ({ amount, ...(received ? { received } : {}) })), message: null };
    },

    /**
     * HMRC's copy of a return Docket filed, or of a period HMRC lists as fulfilled (filed elsewhere):
     * HMRC has no list of returns. Any other period key is 404, so nothing is asked of HMRC for it.
     */
    async hmrcReturn(accountId: string, periodKey: string, headers: Record<string, string>): Promise<THmrcReturnView> {
      const { client } = need();
      const c = await connection(accountId);
      const filed = await repo.returnFor(accountId, c.vrn, periodKey);
      if (!filed && !(await obligations(accountId, 'F', headers)).some((o) => o.periodKey === periodKey)) {
        throw new AppError('NOT_FOUND', MTD_MESSAGES.unknownReturn);
      }
      const ours = filed ? receipt(filed) : null;
      const a = await withToken(accountId, (vrn, token) => client.viewReturn(vrn, periodKey, token, headers));
      if (a.status === 404) return { periodKey, hmrc: null, ours, differences: [], message: MTD_MESSAGES.noHmrcReturn };
      if (a.status !== 200) viewRefused(a);
      const b = a.body as Omit<THmrcVatReturn, 'finalised'>;
      const hmrc = {
        periodKey: b.periodKey,
        vatDueSales: b.vatDueSales,
        vatDueAcquisitions: b.vatDueAcquisitions,
        totalVatDue: b.totalVatDue,
        vatReclaimedCurrPeriod: b.vatReclaimedCurrPeriod,
        netVatDue: b.netVatDue,
        totalValueSalesExVAT: b.totalValueSalesExVAT,
        totalValuePurchasesExVAT: b.totalValuePurchasesExVAT,
        totalValueGoodsSuppliedExVAT: b.totalValueGoodsSuppliedExVAT,
        totalAcquisitionsExVAT: b.totalAcquisitionsExVAT,
      };
      const differences = ours ? BOXES.filter((box) => pence(boxOf(hmrc, box)) !== pence(boxOf(ours.body, box))) : [];
      return { periodKey, hmrc, ours, differences, message: null };
    },
  };
}
export type MtdService = ReturnType<typeof createMtdService>;
