import { z } from 'zod';
import { MSG } from './messages.ts';
import { ZEmail, ZTimestamp } from './common.ts';
import { ZNewPassword } from './auth.ts';
import { ZActor } from './history.ts';

/** Where an email stands: queued for the mail server, sent, failed for good, or kept in the outbox. */
export const DELIVERY_STATUSES = ['queued', 'sent', 'failed', 'outbox'] as const;
export type TDeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const EMAIL_TEMPLATE_KINDS = ['quote', 'invoice', 'credit_note', 'reminder', 'password_reset'] as const;
export type TEmailTemplateKind = (typeof EMAIL_TEMPLATE_KINDS)[number];

export const EMAIL_PLACEHOLDERS = ['clientName', 'documentNumber', 'total', 'amountDue', 'balanceDue', 'dueDate', 'companyName', 'link'] as const;
export type TEmailPlaceholder = (typeof EMAIL_PLACEHOLDERS)[number];

export const EMAIL_MESSAGES = {
  headerLineBreak: 'Line breaks are not allowed in email headers',
  tooManyRecipients: 'At most 10 recipients',
  unknownPlaceholder: (name: string) => `Unknown placeholder {{${name}}}`,
  noRecipient: 'The client has no email address: enter one',
  dailyLimit: (limit: number) => `Daily email limit reached (${limit} per day): try again tomorrow`,
  notConfigured: 'No mail server is configured (SMTP_URL): messages stay in the outbox',
  outboxNote: 'Not sent: no mail server configured',
  notInOutbox: 'Only messages in the outbox can be sent from it',
  verifyFirst: 'Verify your email address before emailing anyone else: open the link we sent you when you signed up, or send a new one',
  recurringOverLimit: 'Not emailed yet: the daily email limit was reached. It will be sent when the limit allows.',
  recurringUnverified: 'Not emailed yet: verify your email address first. It will be sent once you have.',
} as const;

/** The account's own verification email (docs/product.md, "Verifying your email address"). */
export const VERIFY_MESSAGES = {
  subject: 'Verify your email address for Docket',
  body: (link: string) =>
    `Hello,\n\nPlease confirm this is your email address by opening this link within 7 days:\n\n${link}\n\nUntil you do, Docket emails only you, not your clients.\n\nIf you did not sign up for Docket, ignore this email.`,
  sent: 'We have sent you a new verification link',
  tooMany: 'Three verification emails an hour at most: please try again later',
  verified: 'Your email address is verified',
  alreadyVerified: 'Your email address is already verified',
  invalidLink: 'This verification link is invalid or has expired: sign in and send a new one',
} as const;
export const ZVerifyEmailRequest = z.strictObject({
  token: z.string({ error: VERIFY_MESSAGES.invalidLink }).min(1, VERIFY_MESSAGES.invalidLink).max(2000, VERIFY_MESSAGES.invalidLink),
});

const HEADER_MAX = 998;
/** A header value: one line, as a mail header must be; CR or LF would let a caller add headers. */
const ZHeaderText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(HEADER_MAX, `${label} is too long`)
    .refine((v) => !/[\r\n]/.test(v), EMAIL_MESSAGES.headerLineBreak);

const ZAddress = z
  .string({ error: MSG.invalidEmail })
  .refine((v) => !/[\r\n]/.test(v), EMAIL_MESSAGES.headerLineBreak)
  .pipe(ZEmail(MSG.invalidEmail));

/** One address, a comma-separated list, or an array of addresses. */
const ZAddressList = z
  .union([z.string(), z.array(z.string({ error: MSG.invalidEmail }))], { error: MSG.invalidEmail })
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((a) => a.trim()).filter((a) => a !== ''))
  .pipe(z.array(ZAddress).max(10, EMAIL_MESSAGES.tooManyRecipients));

const knownPlaceholdersOnly = (v: string | undefined, ctx: z.RefinementCtx) => {
  const [unknown] = unknownPlaceholders(v ?? '');
  if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: EMAIL_MESSAGES.unknownPlaceholder(unknown) });
};

/** Strict: a key that is not one of these is a mistake worth a 400, not a silent send. */
export const ZEmailDocumentRequest = z.strictObject({
  to: ZAddressList.optional(),
  cc: ZAddressList.optional(),
  subject: ZHeaderText('Subject').optional().superRefine(knownPlaceholdersOnly),
  message: z.string({ error: 'Message must be text' }).max(20_000, 'Message is too long').optional().superRefine(knownPlaceholdersOnly),
  /** put a fresh client link in {{link}} (default true); it replaces the document's earlier link */
  includeLink: z.boolean({ error: 'includeLink must be true or false' }).optional(),
});
export type TEmailDocumentRequest = z.input<typeof ZEmailDocumentRequest>;

export const ZEmailQueued = z.strictObject({ deliveryId: z.uuid(), status: z.enum(DELIVERY_STATUSES) });
export type TEmailQueued = z.infer<typeof ZEmailQueued>;

export const ZDelivery = z.strictObject({
  id: z.uuid(),
  kind: z.enum(['quote', 'invoice', 'credit_note', 'reminder', 'verification', 'receipt', 'invitation']),
  documentId: z.uuid().nullable(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  messageId: z.string().nullable(),
  attachmentName: z.string().nullable(),
  createdAt: ZTimestamp,
  sentAt: ZTimestamp.nullable(),
  /** the member who sent it (absent for older emails and those the app sends itself: reminders, receipts) */
  by: ZActor.optional(),
});
export type TDelivery = z.infer<typeof ZDelivery>;

/** An outbox message as Settings -> Email shows it: the delivery plus its bodies. */
export const ZOutboxSent = z.strictObject({ queued: z.number().int() });

export const ZOutboxMessage = ZDelivery.extend({ replyTo: z.string().nullable(), textBody: z.string(), note: z.string() });
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

export const ZDeliveryQuery = z.object({ documentId: z.uuid({ error: MSG.invalidId }) });

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Names used in a template that are not placeholders. */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(EMAIL_PLACEHOLDERS);
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '').filter((name) => !known.has(name));
}

/** Fill placeholders; an absent value leaves nothing behind. */
export function fillPlaceholders(text: string, values: Partial<Record<TEmailPlaceholder, string>>): string {
  return text.replace(PLACEHOLDER, (_m, name: string) => values[name as TEmailPlaceholder] ?? '');
}

const templateText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`)
    .superRefine((v, ctx) => {
      const [unknown] = unknownPlaceholders(v);
      if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: EMAIL_MESSAGES.unknownPlaceholder(unknown) });
    });

export const ZEmailTemplate = z.strictObject({
  subject: templateText('Subject', 300).refine((v) => !/[\r\n]/.test(v), EMAIL_MESSAGES.headerLineBreak),
  body: templateText('Body', 10_000),
});
export type TEmailTemplate = z.infer<typeof ZEmailTemplate>;

export const ZEmailTemplates = z.strictObject({
  quote: ZEmailTemplate,
  invoice: ZEmailTemplate,
  credit_note: ZEmailTemplate,
  reminder: ZEmailTemplate,
  password_reset: ZEmailTemplate,
});
export type TEmailTemplates = z.infer<typeof ZEmailTemplates>;
export const ZEmailTemplatesUpdate = ZEmailTemplates.partial();

export const ZTemplatePreviewRequest = z.strictObject({
  kind: z.enum(EMAIL_TEMPLATE_KINDS, { error: 'Kind must be quote, invoice, credit_note, reminder or password_reset' }),
  documentId: z.uuid({ error: MSG.invalidId }).optional(),
  subject: z.string().optional(),
  body: z.string().optional(),
});
export const ZTemplatePreview = z.strictObject({ subject: z.string(), text: z.string(), html: z.string() });
export type TTemplatePreview = z.infer<typeof ZTemplatePreview>;

/** UK-English wording a new account starts with; {{link}} is the document's client link (empty when not included). */
export const DEFAULT_EMAIL_TEMPLATES: TEmailTemplates = {
  quote: {
    subject: 'Quote {{documentNumber}} from {{companyName}}',
    body: 'Dear {{clientName}},\n\nPlease find attached our quote {{documentNumber}} for {{total}}.\n\nIf you would like to go ahead, just reply to this email.\n\n{{link}}\n\nKind regards,\n{{companyName}}',
  },
  invoice: {
    subject: 'Invoice {{documentNumber}} from {{companyName}}: {{balanceDue}} due',
    body: 'Dear {{clientName}},\n\nPlease find attached invoice {{documentNumber}}. The amount due is {{balanceDue}}, by {{dueDate}}.\n\n{{link}}\n\nThank you for your business.\n\nKind regards,\n{{companyName}}',
  },
  credit_note: {
    subject: 'Credit note {{documentNumber}} from {{companyName}}',
    body: 'Dear {{clientName}},\n\nPlease find attached credit note {{documentNumber}} for {{total}}.\n\n{{link}}\n\nKind regards,\n{{companyName}}',
  },
  reminder: {
    subject: 'Reminder: invoice {{documentNumber}} from {{companyName}}',
    body: 'Dear {{clientName}},\n\nThis is a friendly reminder that invoice {{documentNumber}} has {{balanceDue}} outstanding, due on {{dueDate}}.\n\nIf you have already paid, thank you, and please ignore this email.\n\n{{link}}\n\nKind regards,\n{{companyName}}',
  },
  password_reset: {
    subject: 'Reset your Docket password',
    body: 'Hello,\n\nSomeone asked to reset the password for this email address. To choose a new password, open this link within one hour:\n\n{{link}}\n\nIf it was not you, ignore this email: your password stays as it is.',
  },
};

export const ZReminderSettings = z.strictObject({
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
  steps: z
    .array(z.number({ error: 'Each step is a whole number of days' }).int('Each step is a whole number of days').min(-60).max(365), {
      error: 'Steps must be a list of day offsets',
    })
    .max(10, 'At most 10 reminder steps')
    .transform((steps) => [...new Set(steps)].sort((a, b) => a - b)),
});
export type TReminderSettings = z.infer<typeof ZReminderSettings>;

/** What a new account's reminders are until it saves its own (the database's defaults too). */
export const DEFAULT_REMINDER_SETTINGS: TReminderSettings = { enabled: false, steps: [-3, 0, 7, 14, 30] };
/** The daily sweep's wall-clock time in the UK (Europe/London, GMT or BST as the season says). */
export const REMINDER_SEND_TIME = { hour: 9, words: '09:00 UK time' } as const;

/** One step in words: "3 days before due", "on the due date", "1 day after due". */
export function reminderStepWords(step: number): string {
  const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
  return step < 0 ? `${days(-step)} before due` : step === 0 ? 'on the due date' : `${days(step)} after due`;
}

/** The schedule in words (docs/product.md, "Reminders"): "7 days before due, on the due date, 7/14/30 days after". */
export function reminderScheduleWords(steps: readonly number[]): string {
  const sorted = [...new Set(steps)].sort((a, b) => a - b);
  if (sorted.length === 0) return 'no reminders';
  const group = (ns: number[], side: string) => `${ns.join('/')} day${ns.length === 1 && ns[0] === 1 ? '' : 's'} ${side}`;
  const before = sorted.filter((s) => s < 0).map((s) => -s);
  const after = sorted.filter((s) => s > 0);
  return [
    ...(before.length ? [group(before, 'before due')] : []),
    ...(sorted.includes(0) ? ['on the due date'] : []),
    ...(after.length ? [group(after, 'after')] : []),
  ].join(', ');
}

export const REMINDER_MESSAGES = {
  notOpen: 'Only an issued, unpaid invoice can be reminded',
  optedOut: 'This client has opted out of reminders',
  alreadyToday: 'A reminder for this invoice already went out today: the next one can go tomorrow',
  noRecipient: 'The client has no email address: add one to send a reminder',
  dailyLimit: 'Daily email limit reached: try again tomorrow',
} as const;

/** An invoice's reminders: paused or not, the next one the sweep will send (date and rule), the last one sent. */
export const ZInvoiceReminders = z.strictObject({
  paused: z.boolean(),
  nextReminder: z.strictObject({ date: z.iso.date(), step: z.number().int(), rule: z.string() }).nullable(),
  lastSentOn: z.iso.date().nullable(),
});
export type TInvoiceReminders = z.infer<typeof ZInvoiceReminders>;

export const ZForgotPasswordRequest = z.strictObject({ email: ZEmail(MSG.invalidEmail) });
export const ZResetPasswordRequest = z.strictObject({
  token: z.string({ error: 'The reset link is invalid' }).min(10, 'The reset link is invalid').max(200, 'The reset link is invalid'),
  password: ZNewPassword,
});
export const RESET_MESSAGES = {
  accepted: 'If an account exists for that address, we have emailed a link to reset its password.',
  invalidLink: 'This reset link is invalid, has expired or has already been used: ask for a new one',
  done: 'Your password has been changed: sign in with the new one',
} as const;
