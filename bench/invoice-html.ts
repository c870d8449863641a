import type { PdfDocumentModel } from '../apps/api/src/pdf/document-model.ts';

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const lines = (xs: string[]) => xs.map(esc).join('<br>');
const rows = (xs: { label: string; value: string }[], cls = '') =>
  xs.map((r) => `<tr class="${cls}"><th>${esc(r.label)}</th><td>${esc(r.value)}</td></tr>`).join('');

/**
 * The invoice as an HTML page, from the same document model the PDF is drawn from: the modern
 * template's parts (title and number, from and bill-to, the meta table, the banded line table with
 * its VAT column, totals, payment due, bank details, terms, footer), in Inter, the PDF's font,
 * loaded from `fontBase` (a server that lets Chromium cache the files, as a warm service would).
 */
export function invoiceHtml(m: PdfDocumentModel, fontBase: string): string {
  const face = (weight: number, file: string) => `@font-face{font-family:Inter;font-weight:${weight};src:url(${fontBase}/${file}) format('truetype')}`;
  const t = m.totals;
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(m.fileName)}</title><style>
${face(400, 'inter-400.ttf')}${face(600, 'inter-600.ttf')}${face(700, 'inter-700.ttf')}
@page{size:A4;margin:50pt 48pt 58pt}
body{font-family:Inter,sans-serif;font-size:9.5pt;color:#111827;margin:0}
.bar{position:fixed;top:-50pt;left:-48pt;right:-48pt;height:8pt;background:#4338ca}
header{display:flex;justify-content:space-between;border-bottom:1px solid #e5e7eb;padding-bottom:18pt;margin-bottom:16pt}
.name{font-weight:700;font-size:18pt}.title{font-weight:700;font-size:28pt;color:#4338ca;letter-spacing:1.5pt;text-align:right}
.number{font-size:11pt;color:#6b7280;text-align:right}
.parties{display:flex;gap:24pt;margin-bottom:22pt}.parties div{flex:1}.label{font-weight:600;font-size:7.5pt;color:#6b7280;text-transform:uppercase}
table{border-collapse:collapse}.meta th{text-align:left;font-weight:600;padding-right:24pt}.meta td{text-align:right}
.lines{width:100%;font-size:9pt}.lines thead th{background:#4338ca;color:#fff;text-transform:uppercase;text-align:right;padding:6pt}
.lines thead th:first-child,.lines td:first-child{text-align:left}.lines td{text-align:right;padding:6pt}.lines tbody tr:nth-child(even){background:#f5f6fe}
.summary{display:flex;justify-content:space-between;margin-top:14pt}.totals th{text-align:left;font-weight:400;padding:3pt 24pt 3pt 0}.totals td{text-align:right}
.totals .total th,.totals .total td{background:#4338ca;color:#fff;font-weight:600;padding:6pt}
.bank,.terms{margin-top:16pt}footer{position:fixed;bottom:-30pt;left:0;right:0;font-size:8pt;color:#6b7280;display:flex;justify-content:space-between}
</style></head><body><div class="bar"></div>
<header><div class="name">${esc(m.company.name)}</div><div><div class="title">${esc(m.title)}</div><div class="number">${esc(m.number)}</div></div></header>
<section class="parties">
<div><div class="label">From</div>${lines([m.company.name, ...m.company.addressLines, ...m.company.contactLines, ...(m.company.vatLine ? [m.company.vatLine] : [])])}</div>
<div><div class="label">${esc(m.client.heading)}</div>${lines([m.client.name, ...m.client.lines])}</div>
<div><table class="meta">${rows(m.meta)}</table></div></section>
<table class="lines"><thead><tr><th>${esc(m.columns.description)}</th><th>${esc(m.columns.quantity)}</th><th>${esc(m.columns.unitPrice)}</th><th>${esc(m.columns.vatRate)}</th><th>${esc(m.columns.amount)}</th></tr></thead><tbody>
${m.lines.map((l) => `<tr><td>${esc(l.description)}</td><td>${esc(l.quantity)}</td><td>${esc(l.unitPrice)}</td><td>${esc(l.vatRate)}</td><td>${esc(l.amount)}</td></tr>`).join('')}
</tbody></table>
<section class="summary"><div>${m.paymentDue ? esc(m.paymentDue) : ''}</div><table class="totals">${rows([t.subtotal, ...t.vatRows])}${rows([t.total], 'total')}${rows(t.afterTotal)}</table></section>
${m.bank.length ? `<section class="bank"><div class="label">Payment details</div><table class="meta">${rows(m.bank)}</table></section>` : ''}
${m.terms ? `<section class="terms"><div class="label">Terms</div>${lines(m.terms.split('\n'))}</section>` : ''}
<footer><span>${esc(m.footer)}</span><span>Page 1 of 1</span></footer></body></html>`;
}
