import { fillPlaceholders, type TEmailPlaceholder, type TEmailTemplate } from '@docket/schemas/email';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** 2026-11-23 -> 23 November 2026 (how a UK letter writes a date). */
export function longDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * Fill a template. Values are inserted as text (escaped in the HTML part), empty placeholders
 * leave no blank-line gaps, and the subject is forced onto one line whatever a value held.
 * `extra` is appended as further paragraphs (a reminder's payment details).
 */
export function renderEmail(template: TEmailTemplate, values: Partial<Record<TEmailPlaceholder, string>>, extra: string[] = []): RenderedEmail {
  const subject = fillPlaceholders(template.subject, values)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const body = [fillPlaceholders(template.body, values), ...extra]
    .join('\n\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const paragraphs = body.split(/\n{2,}/).map((p) => {
    const inner = escapeHtml(p)
      .split('\n')
      .map((line) => line.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>'))
      .join('<br>');
    return `<p style="margin:0 0 14px">${inner}</p>`;
  });
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933">${paragraphs.join('')}</body></html>`;
  return { subject, text: `${body}\n`, html };
}
