import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';

/** One stored message, as the outbox keeps it and the mail server receives it. */
export interface OutgoingMessage {
  /** MAIL_FROM, or its address under the company's name */
  from: string | { name: string; address: string };
  to: string[];
  cc: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  attachment: { filename: string; content: Buffer } | null;
  /** stable per delivery, so a retried message is recognisably the same one */
  messageId: string;
}

export type SendOutcome = { ok: true; messageId: string } | { ok: false; permanent: boolean; reason: string };

export interface Mailer {
  configured: boolean;
  send(message: OutgoingMessage): Promise<SendOutcome>;
}

function mailOptions(m: OutgoingMessage): Mail.Options {
  return {
    from: m.from,
    to: m.to,
    cc: m.cc.length ? m.cc : undefined,
    replyTo: m.replyTo ?? undefined,
    subject: m.subject,
    text: m.text,
    html: m.html,
    messageId: m.messageId,
    attachments: m.attachment ? [{ filename: m.attachment.filename, content: m.attachment.content, contentType: 'application/pdf' }] : [],
    // The stored text is what goes out: no header folding surprises from user text.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** The whole message as RFC 5322 text: what the outbox offers as a .eml download. */
export function composeEml(message: OutgoingMessage): Promise<Buffer> {
  return new MailComposer(mailOptions(message)).compile().build();
}

/**
 * A 5xx reply is the server's final word (unknown mailbox, rejected content): retrying would
 * only repeat it. Anything else (4xx, refused connection, timeout) may pass on a later try.
 */
function classify(err: unknown): { permanent: boolean; reason: string } {
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
  if (typeof e.responseCode === 'number') {
    return { permanent: e.responseCode >= 500 && e.responseCode < 600, reason: (e.response ?? `${e.responseCode}`).slice(0, 500) };
  }
  return { permanent: false, reason: `${e.code ?? 'ERROR'}: ${e.message ?? 'send failed'}`.slice(0, 500) };
}

/** nodemailer over SMTP_URL; with none, a mailer that is not configured (messages stay in the outbox). */
export function createMailer(smtpUrl: string | undefined): Mailer {
  if (!smtpUrl) {
    return { configured: false, send: () => Promise.resolve({ ok: false, permanent: true, reason: 'no mail server configured' }) };
  }
  const transport = nodemailer.createTransport(smtpUrl, { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
  return {
    configured: true,
    async send(message) {
      try {
        const info = await transport.sendMail(mailOptions(message));
        return { ok: true, messageId: info.messageId };
      } catch (err) {
        return { ok: false, ...classify(err) };
      }
    },
  };
}
