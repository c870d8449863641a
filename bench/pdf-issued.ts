import { existsSync } from 'node:fs';
import http from 'node:http';
import type { TInvoice } from '@docket/schemas/document';
import type { BrowserType } from 'playwright-core';
import { api } from './bench-app.ts';
import { buildDocumentModel } from '../apps/api/src/pdf/document-model.ts';
import { renderDocument } from '../apps/api/src/pdf/render-document.ts';
import { sampleClientSource, sampleCompanySource, sampleDocumentSource } from '../apps/api/src/pdf/sample-data.ts';

const CHROMIUM = '/usr/bin/chromium';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface IssuedPdfBench {
  /** GET /api/invoices/{id}/preview of an issued invoice whose PDF is kept, one request at a time on one kept-alive connection */
  servedMedianMs: number;
  /** warm headless Chromium printing the same invoice as HTML (setContent + pdf) */
  chromium: { medianMs: number } | { skipped: string };
  /** a draft's first render in this process: a model never rendered before, 10 lines */
  draftFirstRenderMs: number;
  runs: number;
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The invoice as a plain HTML page: what a Chromium-printing service would render. */
function invoiceHtml(inv: TInvoice): string {
  const rows = inv.lineItems
    .map((l) => `<tr><td>${esc(l.description)}</td><td>${l.quantity}</td><td>£${l.unitPrice.toFixed(2)}</td><td>£${(l.quantity * l.unitPrice).toFixed(2)}</td></tr>`)
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
body{font-family:sans-serif;font-size:10pt;margin:40px}table{width:100%;border-collapse:collapse}td,th{padding:4px;border-bottom:1px solid #ddd;text-align:left}
h1{font-size:20pt}.totals{text-align:right}</style></head><body>
<h1>INVOICE ${esc(inv.invoiceNumber)}</h1><p>Bright Sparks Electrical<br>12 Mill Lane<br>Manchester M1 2AB<br>VAT registration number GB123456789</p>
<p>Bill to: ${esc(inv.client.name)}</p><p>Payment due by ${esc(inv.dueDate)}</p>
<table><tr><th>Description</th><th>Qty</th><th>Unit price</th><th>Amount</th></tr>${rows}</table>
<p class="totals">Subtotal £${inv.subtotal.toFixed(2)}<br>VAT (${inv.tax}%) £${inv.taxAmount.toFixed(2)}<br><b>Total £${inv.total.toFixed(2)}</b></p>
<p>Barclays · Bright Sparks Ltd · 12345678 · 12-34-56</p></body></html>`;
}

async function chromiumPrint(html: string, runs: number): Promise<{ medianMs: number } | { skipped: string }> {
  if (!existsSync(CHROMIUM)) return { skipped: `no ${CHROMIUM}` };
  let chromium: BrowserType;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    return { skipped: 'playwright-core not installed' };
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const once = async () => {
      const t0 = performance.now();
      await page.setContent(html);
      await page.pdf({ format: 'A4' });
      return performance.now() - t0;
    };
    for (let i = 0; i < 3; i++) await once();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await once());
    return { medianMs: median(times) };
  } finally {
    await browser.close();
  }
}

/**
 * Issue 23's PDF targets, measured in one run: an issued invoice's preview over HTTP (its PDF kept
 * after the first request) against warm Chromium printing the same invoice's HTML, and a draft's
 * first in-process render. `withChromium` false (smoke) skips Chromium.
 */
export async function runIssuedPdfBench(url: string, token: string, clientId: string, withChromium: boolean): Promise<IssuedPdfBench> {
  const runs = withChromium ? 30 : 3;
  const lineItems = Array.from({ length: 10 }, (_, i) => ({ description: `Line ${i + 1}: labour and materials`, quantity: i + 1, unitPrice: 12.5 * (i + 1) }));
  const inv = await api<{ id: string }>(url, 'POST', '/api/invoices', { clientId, tax: 20, dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10), lineItems }, token);
  await api(url, 'PATCH', `/api/invoices/${inv.id}/send`, undefined, token);
  // node:http on one kept-alive socket, as a browser holds its connection: undici's fetch costs
  // ≈ 0.6 ms of client CPU per request, spent on this same thread as the server it measures
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(url);
  const get = () =>
    new Promise<number>((resolve, reject) => {
      const t0 = performance.now();
      const req = http.get({ hostname, port, path: `/api/invoices/${inv.id}/preview`, agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          if (res.statusCode !== 200 || bytes < 1000) reject(new Error(`issued preview answered ${res.statusCode}`));
          else resolve(performance.now() - t0);
        });
      });
      req.on('error', reject);
    });
  for (let i = 0; i < 3; i++) await get();
  const served: number[] = [];
  for (let i = 0; i < runs; i++) served.push(await get());
  agent.destroy();
  const json = await api<TInvoice>(url, 'GET', `/api/invoices/${inv.id}`, undefined, token);
  const chromium = withChromium ? await chromiumPrint(invoiceHtml(json), runs) : { skipped: 'smoke run' };

  // A draft is rendered every time: each run is a model this process has not rendered before.
  // Three other drafts first, as the served preview and Chromium above are warmed three times:
  // the server's render worker is past its first documents, the main thread here is not.
  const company = sampleCompanySource();
  for (let i = 0; i < 3; i++) {
    await renderDocument(buildDocumentModel(company, sampleClientSource(), sampleDocumentSource('invoice', 10, { status: 'DRAFT', number: `WARM-${i}` })), 'modern');
  }
  const draftTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const source = sampleDocumentSource('invoice', 10, { status: 'DRAFT', number: `DRAFT-${i}` });
    const t0 = performance.now();
    await renderDocument(buildDocumentModel(company, sampleClientSource(), source), 'modern');
    draftTimes.push(performance.now() - t0);
  }
  return { servedMedianMs: median(served), chromium, draftFirstRenderMs: median(draftTimes), runs };
}
