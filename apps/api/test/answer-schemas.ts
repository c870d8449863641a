import { ZRecurringInvoice } from '@docket/schemas/recurring';
import type { Express, Response } from 'express';
import { z } from 'zod';
import { ZListAnswer } from '@docket/schemas/common';
import { ZClient } from '@docket/schemas/client';
import { ZCompany } from '@docket/schemas/company';
import { ZDashboard } from '@docket/schemas/dashboard';
import { ZInvoice, ZQuote } from '@docket/schemas/document';
import { ZApiFailure, ZApiSuccess } from '@docket/schemas/errors';
import { ZCalendarEvent } from '@docket/schemas/event';
import { ZItem } from '@docket/schemas/item';
import { ZCreditNote } from '@docket/schemas/credit-note';
import { ZHistoryEntry } from '@docket/schemas/history';
import {
  ZDelivery,
  ZEmailQueued,
  ZEmailTemplates,
  ZOutboxMessage,
  ZOutboxSent,
  ZInvoiceReminders,
  ZReminderSettings,
  ZTemplatePreview,
} from '@docket/schemas/email';
import { INVOICE_TRANSITION_ACTIONS, QUOTE_TRANSITION_ACTIONS } from '@docket/schemas/lifecycle';
import { ZAuthResult, ZMe } from '@docket/schemas/auth';
import { ZAccount, ZAccountSummary, ZInvitation, ZJoined, ZMember } from '@docket/schemas/account';
import { ZPlanLimits, ZPlans } from '@docket/schemas/plans';
import { ZAvailableTemplates, ZCanResult, ZSubscriptionInfo, ZUsage } from '@docket/schemas/subscription';

import { ZPayment } from '@docket/schemas/payment';
import { ZAgedDebtors, ZCisReport, ZProfitAndLoss, ZVatReport } from '@docket/schemas/reports';
import { ZExpense } from '@docket/schemas/expense';
import { ZBankAccount, ZBankLine, ZBankRule, ZStatementResult } from '@docket/schemas/bank';
import { ZClientAccount } from '@docket/schemas/client-account';
import { ZAcceptance, ZNotificationList, ZNotificationsReadAnswer, ZPublicDocument, ZShareLink } from '@docket/schemas/share';
import { ZExportRun, ZImportResult } from '@docket/schemas/data-transfer';
import { ZHmrcReturnView, ZMtdConnect, ZMtdStatus, ZObligation, ZVatLiabilities, ZVatPayments, ZVatPreview, ZVatReceipt } from '@docket/schemas/mtd';
import {
  ZDeposit,
  ZPayAnswer,
  ZProviderDeleted,
  ZProviderSettings,
  ZPublicStatement,
  ZRefund,
  ZRefundablePayment,
  ZStatementLink,
} from '@docket/schemas/online-payment';
const ID = '[^/]+';
const ZDeleted = z.strictObject({ id: z.string() });
const ZHealth = z.strictObject({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
const actions = (list: readonly string[]) => `(${list.join('|')})`;

/** Method, path under /api, and the schema of `data` in a 2xx answer. */
const ROUTES: [string, RegExp, z.ZodType][] = [
  ['GET', /^\/mtd\/vat\/status$/, ZMtdStatus],
  ['GET', /^\/mtd\/vat\/connect$/, ZMtdConnect],
  ['GET', /^\/mtd\/vat\/obligations$/, z.array(ZObligation)],
  ['GET', new RegExp(`^/mtd/vat/returns/${ID}/preview$`), ZVatPreview],
  ['GET', new RegExp(`^/mtd/vat/returns/${ID}/hmrc$`), ZHmrcReturnView],
  ['GET', /^\/mtd\/vat\/liabilities$/, ZVatLiabilities],
  ['GET', /^\/mtd\/vat\/payments$/, ZVatPayments],
  ['GET', /^\/mtd\/vat\/returns$/, z.array(ZVatReceipt)],
  ['POST', /^\/mtd\/vat\/returns$/, ZVatReceipt],
  ['GET', /^\/quotes$/, ZListAnswer(ZQuote)],
  ['POST', /^\/quotes$/, ZQuote],
  ['GET|PUT', new RegExp(`^/quotes/${ID}$`), ZQuote],
  ['PATCH', new RegExp(`^/quotes/${ID}/${actions(QUOTE_TRANSITION_ACTIONS)}$`), ZQuote],
  ['POST', new RegExp(`^/quotes/${ID}/duplicate$`), ZQuote],
  ['GET', /^\/recurring-invoices$/, z.array(ZRecurringInvoice)],
  ['POST', /^\/recurring-invoices$/, ZRecurringInvoice],
  ['GET|PUT', new RegExp(`^/recurring-invoices/${ID}$`), ZRecurringInvoice],
  ['PATCH', new RegExp(`^/recurring-invoices/${ID}/(pause|resume)$`), ZRecurringInvoice],
  ['POST', new RegExp(`^/quotes/${ID}/invoices$`), ZInvoice],
  ['POST', new RegExp(`^/invoices/${ID}/duplicate$`), ZInvoice],
  ['GET', /^\/invoices$/, ZListAnswer(ZInvoice)],
  ['POST', /^\/invoices$/, ZInvoice],
  ['POST', new RegExp(`^/invoices/from-quote/${ID}$`), ZInvoice],
  ['GET|PUT', new RegExp(`^/invoices/${ID}$`), ZInvoice],
  ['PATCH', new RegExp(`^/invoices/${ID}/${actions([...INVOICE_TRANSITION_ACTIONS, 'void'])}$`), ZInvoice],
  ['PATCH', new RegExp(`^/invoices/${ID}/due-date$`), ZInvoice],
  ['POST', new RegExp(`^/invoices/${ID}/credit-notes$`), ZCreditNote],
  ['POST', new RegExp(`^/invoices/${ID}/payments$`), ZInvoice],
  ['DELETE', new RegExp(`^/invoices/${ID}/payments/${ID}$`), ZInvoice],
  ['GET', /^\/payments$/, ZListAnswer(ZPayment)],
  ['GET', /^\/reports\/aged-debtors$/, ZAgedDebtors],
  ['POST', /^\/imports\/(clients|items|expenses)$/, ZImportResult],
  ['GET', /^\/reports\/vat$/, ZVatReport],
  ['GET', /^\/reports\/profit-and-loss$/, ZProfitAndLoss],
  ['GET', /^\/reports\/cis$/, ZCisReport],
  ['GET', new RegExp(`^/clients/${ID}/account$`), ZClientAccount],
  ['GET', /^\/credit-notes$/, ZListAnswer(ZCreditNote)],
  ['GET', new RegExp(`^/credit-notes/${ID}$`), ZCreditNote],
  ['GET', new RegExp(`^/(quotes|invoices|credit-notes)/${ID}/history$`), z.array(ZHistoryEntry)],
  ['GET', /^\/clients$/, ZListAnswer(ZClient)],
  ['POST', /^\/clients$/, ZClient],
  ['GET|PUT', new RegExp(`^/clients/${ID}$`), ZClient],
  ['GET', /^\/expenses$/, ZListAnswer(ZExpense)],
  ['POST', /^\/expenses$/, ZExpense],
  ['GET|PUT', new RegExp(`^/expenses/${ID}$`), ZExpense],
  ['PUT|DELETE', new RegExp(`^/expenses/${ID}/receipt$`), ZExpense],
  ['DELETE', new RegExp(`^/expenses/${ID}$`), ZDeleted],
  ['GET', /^\/bank-accounts$/, z.array(ZBankAccount)],
  ['POST', /^\/bank-accounts$/, ZBankAccount],
  ['GET', new RegExp(`^/bank-accounts/${ID}$`), ZBankAccount],
  ['POST', new RegExp(`^/bank-accounts/${ID}/statements$`), ZStatementResult],
  ['GET', new RegExp(`^/bank-accounts/${ID}/lines$`), z.array(ZBankLine)],
  ['POST|DELETE', new RegExp(`^/bank-lines/${ID}/explain$`), ZBankLine],
  ['GET', /^\/bank-rules$/, z.array(ZBankRule)],
  ['POST', /^\/bank-rules$/, ZBankRule],
  ['DELETE', new RegExp(`^/bank-rules/${ID}$`), ZDeleted],
  ['GET', /^\/items$/, ZListAnswer(ZItem)],
  ['POST', /^\/items$/, ZItem],
  ['GET|PUT', new RegExp(`^/items/${ID}$`), ZItem],
  ['GET', /^\/calendar$/, ZListAnswer(ZCalendarEvent)],
  ['GET', new RegExp(`^/calendar/range/${ID}/${ID}$`), z.array(ZCalendarEvent)],
  ['POST', /^\/calendar$/, ZCalendarEvent],
  ['POST', new RegExp(`^/calendar/from-quote/${ID}$`), ZCalendarEvent],
  ['GET|PUT', new RegExp(`^/calendar/${ID}$`), ZCalendarEvent],
  ['DELETE', new RegExp(`^/(quotes|invoices|clients|items|calendar|recurring-invoices)/${ID}$`), ZDeleted],
  // GET /company?optional=true answers null when there is no profile yet.
  ['GET', /^\/company$/, ZCompany.nullable()],
  ['POST|PUT', /^\/company$/, ZCompany],
  ['POST|DELETE', /^\/company\/logo$/, ZCompany],
  ['POST', /^\/company\/reset-(quote|invoice|credit-note)-counter$/, ZCompany],
  ['GET', /^\/dashboard$/, ZDashboard],
  ['POST', /^\/auth\/(register|login)$/, ZAuthResult],
  ['GET|PATCH', /^\/auth\/me$/, ZMe],
  ['GET', /^\/exports$/, z.array(ZExportRun)],
  ['POST', /^\/auth\/switch$/, ZAuthResult],
  ['GET', /^\/accounts$/, z.array(ZAccountSummary)],
  ['GET|PATCH', /^\/account$/, ZAccount],
  ['GET', /^\/account\/members$/, z.array(ZMember)],
  ['PATCH', new RegExp(`^/account/members/${ID}$`), ZMember],
  ['DELETE', new RegExp(`^/account/members/${ID}$`), z.strictObject({ userId: z.uuid() })],
  ['GET', /^\/account\/invitations$/, z.array(ZInvitation)],
  ['POST', /^\/account\/invitations$/, ZInvitation],
  ['POST', new RegExp(`^/account/invitations/${ID}/resend$`), ZInvitation],
  ['DELETE', new RegExp(`^/account/invitations/${ID}$`), z.strictObject({ id: z.uuid() })],
  ['POST', /^\/account\/invitations\/[A-Za-z0-9_-]+\/accept$/, ZJoined],
  ['GET', /^\/subscription\/plans$/, ZPlans],
  ['GET', /^\/subscription\/info$/, ZSubscriptionInfo],
  ['GET', /^\/subscription\/usage$/, ZUsage],
  ['GET', /^\/subscription\/can-(create-invoice|create-quote|create-client|use-calendar|use-branding)$/, ZCanResult],
  ['GET', /^\/subscription\/available-templates$/, ZAvailableTemplates],
  ['GET', /^\/subscription\/plan-limits$/, ZPlanLimits],
  ['GET', /^\/health$/, ZHealth],
  ['POST', new RegExp(`^/(quotes|invoices|credit-notes)/${ID}/email$`), ZEmailQueued],
  ['GET|PUT', /^\/company\/reminders$/, ZReminderSettings],
  ['GET|PUT', new RegExp(`^/clients/${ID}/reminders$`), z.strictObject({ optOut: z.boolean() })],
  ['GET|PUT', new RegExp(`^/invoices/${ID}/reminders$`), ZInvoiceReminders],
  ['POST', new RegExp(`^/invoices/${ID}/reminders/send$`), ZInvoiceReminders],
  ['POST', /^\/auth\/(forgot-password|reset-password|verify-email|resend-verification)$/, z.strictObject({ message: z.string() })],
  ['GET', /^\/deliveries$/, z.array(ZDelivery)],
  ['GET', /^\/email\/outbox$/, z.array(ZOutboxMessage)],
  ['POST', /^\/email\/outbox\/send$/, ZOutboxSent],
  ['GET|PUT', /^\/company\/email-templates$/, ZEmailTemplates],
  ['POST', /^\/company\/email-templates\/preview$/, ZTemplatePreview],
  ['POST', new RegExp(`^/(quotes|invoices|credit-notes)/${ID}/share$`), ZShareLink],
  ['DELETE', new RegExp(`^/(quotes|invoices|credit-notes)/${ID}/share$`), z.strictObject({ revoked: z.boolean() })],
  ['GET', new RegExp(`^/quotes/${ID}/acceptance$`), ZAcceptance.nullable()],
  ['GET', /^\/notifications$/, ZNotificationList],
  ['POST', /^\/notifications\/read$/, ZNotificationsReadAnswer],
  ['GET', new RegExp(`^/public/documents/${ID}$`), ZPublicDocument],
  ['POST', new RegExp(`^/public/quotes/${ID}/(accept|decline)$`), ZPublicDocument],
  ['GET', /^\/company\/payments$/, z.array(ZProviderSettings)],
  ['PUT', new RegExp(`^/company/payments/${ID}$`), ZProviderSettings],
  ['PUT', new RegExp(`^/company/payments/${ID}/surcharge$`), ZProviderSettings],
  ['DELETE', new RegExp(`^/company/payments/${ID}$`), ZProviderDeleted],
  ['POST', new RegExp(`^/public/invoices/${ID}/pay$`), ZPayAnswer],
  ['POST', new RegExp(`^/public/quotes/${ID}/pay-deposit$`), ZPayAnswer],
  ['POST', new RegExp(`^/clients/${ID}/statement-link$`), ZStatementLink],
  ['DELETE', new RegExp(`^/clients/${ID}/statement-link$`), z.strictObject({ revoked: z.boolean() })],
  ['GET', new RegExp(`^/public/statements/${ID}$`), ZPublicStatement],
  ['POST', new RegExp(`^/public/statements/${ID}/pay$`), ZPayAnswer],
  ['GET|PUT', new RegExp(`^/quotes/${ID}/deposit$`), ZDeposit],
  ['GET', new RegExp(`^/invoices/${ID}/online-payments$`), z.array(ZRefundablePayment)],
  ['POST', new RegExp(`^/invoices/${ID}/payments/${ID}/refund$`), ZRefund],
  ['POST', new RegExp(`^/webhooks/${ID}/${ID}$`), z.strictObject({ received: z.number().int() })],
];

/** Money fields an engineer who may not see prices must never receive (written apart from the server's list). */
const MONEY_FIELDS = new Set([
  'price',
  'annualPrice',
  'unitPrice',
  'subtotal',
  'taxAmount',
  'total',
  'vatBreakdown',
  'reverseChargeVat',
  'invoicedAmount',
  'remainingAmount',
  'amountDue',
  'balanceDue',
  'amountPaid',
  'amountCredited',
  'net',
  'vatAmount',
]);

/** A schema whose money fields may be absent: what a price-hidden engineer's answer is checked against. */
function moneyOptional(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(
      Object.entries(schema.shape as Record<string, z.ZodType>).map(([k, v]) => [k, MONEY_FIELDS.has(k) ? moneyOptional(v).optional() : moneyOptional(v)]),
    );
    return z.strictObject(shape);
  }
  if (schema instanceof z.ZodArray) return z.array(moneyOptional(schema.element as z.ZodType));
  if (schema instanceof z.ZodNullable) return moneyOptional(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodOptional) return moneyOptional(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodUnion) return z.union((schema.options as z.ZodType[]).map(moneyOptional) as [z.ZodType, z.ZodType]);
  return schema;
}

/** Every money field name found anywhere in `value`, with its path. */
export function moneyFieldsIn(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => moneyFieldsIn(v, `${at}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [...(MONEY_FIELDS.has(k) ? [`${at}.${k}`] : []), ...moneyFieldsIn(v, `${at}.${k}`)]);
  }
  return [];
}

/** The schema an answer to `method path` must satisfy (every JSON route is listed; PDFs are not JSON). */
export function answerSchema(method: string, path: string, status: number): z.ZodType | undefined {
  if (status >= 400) return ZApiFailure;
  if (!path.startsWith('/api/')) return undefined;
  const route = ROUTES.find(([m, p]) => m.split('|').includes(method) && p.test(path.slice(4)));
  return route && ZApiSuccess(route[2]);
}

/**
 * Every JSON answer an API test receives is parsed with the response schemas of
 * packages/schemas, so a field that drifts (renamed, added, retyped) fails the test that
 * met it: the answer becomes a 500 and the mismatch is printed.
 */
export function checkAnswers(app: Express): Express {
  const response = app.response as Response;
  const json = response.json;
  const send = response.send;
  const check = (res: Response, body: unknown) => {
    const req = res.req;
    const path = req.originalUrl.split('?')[0]!;
    const listed = answerSchema(req.method, path, res.statusCode);
    // An engineer who may not see prices: the answer has no money field at all, and the rest matches.
    const hidden = req.account?.role === 'ENGINEER' && !req.account.engineersSeePrices && res.statusCode < 400;
    if (hidden) {
      const found = moneyFieldsIn(body);
      if (found.length) {
        const problem = `answer to ${req.method} ${req.originalUrl} carries money to an engineer: ${found.slice(0, 5).join(', ')}`;
        console.error(problem);
        throw new Error(problem);
      }
    }
    const schema = hidden && listed ? moneyOptional(listed) : listed;
    // A new JSON route must get its response schema here before its tests can pass.
    const parsed = schema ? schema.safeParse(body) : path.startsWith('/api/') ? { success: false as const, error: null } : undefined;
    if (parsed && !parsed.success) {
      const why = parsed.error ? z.prettifyError(parsed.error) : 'no response schema is listed for this route';
      const problem = `answer to ${req.method} ${req.originalUrl} does not match its schema: ${why}`;
      console.error(problem);
      throw new Error(problem);
    }
  };
  const checkedByJson = new WeakSet<Response>();
  response.json = function checkedJson(this: Response, body: unknown) {
    check(this, body);
    checkedByJson.add(this);
    return json.call(this, body);
  };
  // Answers the database wrote as JSON text (lib/respond.ts) reach send without passing json.
  response.send = function checkedSend(this: Response, body?: unknown) {
    if (typeof body === 'string' && !checkedByJson.has(this) && /^application\/json/.test(String(this.get('Content-Type')))) {
      check(this, JSON.parse(body));
    }
    return send.call(this, body);
  };
  return app;
}
