import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TCompany } from '@docket/schemas/company';
import { invoiceNumberLabel, type TInvoice } from '@docket/schemas/document';
import type { BrowserType } from 'playwright-core';
import { api } from './bench-app.ts';
import { invoiceHtml } from './invoice-html.ts';
import { buildDocumentModel, type PdfCompanySource, type PdfDocumentModel, type PdfDocumentSource } from '../apps/api/src/pdf/document-model.ts';
import { fontFile } from '../apps/api/src/pdf/fonts.ts';
import { renderDocument } from '../apps/api/src/pdf/render-document.ts';
import { sampleClientSource, sampleCompanySource, sampleDocumentSource } from '../apps/api/src/pdf/sample-data.ts';

const CHROMIUM = '/usr/bin/chromium';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface IssuedPdfBench {
  /** GET /api/invoices/{id}/preview of an issued invoice whose PDF is kept, one request at a time on one kept-alive connection */
  servedMedianMs: number;
  /** warm headless Chromium printing the same invoice as HTML (setContent + pdf); draftMedianMs: the draft's */
  chromium: { medianMs: number; draftMedianMs?: number } | { skipped: string };
  /** GET /api/invoices/{id}/preview of a draft with the same ten lines: rendered on every request (absent in older reports) */
  draftServedMedianMs?: number;
  /** a draft's first render in this process: a model never rendered before, 10 lines */
  draftFirstRenderMs: number;
  runs: number;
}

/** Inter as the PDF embeds it, served with a year's cache: a warm Chromium holds fonts it has fetched. */
async function startFontServer(): Promise<{ base: string; close: () => void }> {
  // the files the PDF embeds: the modern template's body, semibold and bold
  const files: Record<string, Buffer> = {
    'inter-400.ttf': readFileSync(fontFile('sans')),
    'inter-600.ttf': readFileSync(fontFile('sansSemiBold')),
    'inter-700.ttf': readFileSync(fontFile('sansBold')),
  };
  const server = http.createServer((req, res) => {
    const file = files[(req.url ?? '').slice(1)];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'font/ttf', 'cache-control': 'public, max-age=31536000, immutable', 'access-control-allow-origin': '*' }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

async function chromiumPrint(models: PdfDocumentModel[], warmups: number, runs: number): Promise<{ medians: number[] } | { skipped: string }> {
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
  const fonts = await startFontServer();
  try {
    const page = await browser.newPage();
    const medians: number[] = [];
    for (const model of models) {
      const html = invoiceHtml(model, fonts.base);
      const once = async () => {
        const t0 = performance.now();
        await page.setContent(html);
        await page.pdf({ format: 'A4', printBackground: true });
        return performance.now() - t0;
      };
      for (let i = 0; i < warmups; i++) await once();
      const times: number[] = [];
      for (let i = 0; i < runs; i++) times.push(await once());
      medians.push(median(times));
    }
    return { medians };
  } finally {
    await browser.close();
    fonts.close();
  }
}

/** The served invoice's document model, from its sample lines and the company and invoice as the API answers them. */
async function servedModel(url: string, token: string, id: string, sample: PdfDocumentSource): Promise<PdfDocumentModel> {
  const c = await api<TCompany>(url, 'GET', '/api/company', undefined, token);
  const inv = await api<TInvoice>(url, 'GET', `/api/invoices/${id}`, undefined, token);
  const company: PdfCompanySource = {
    name: c.name,
    email: c.email,
    phone: c.phone,
    address: c.address,
    website: c.website,
    vatNumber: c.vatNumber,
    terms: c.terms,
    currency: c.currency,
    logo: null,
    bankName: c.bankDetails.bankName,
    bankAccountName: c.bankDetails.accountName,
    bankAccountNumber: c.bankDetails.accountNumber,
    bankSortCode: c.bankDetails.sortCode,
    bankIban: c.bankDetails.iban,
    bankSwift: c.bankDetails.swift,
  };
  const model = buildDocumentModel(company, sampleClientSource(), {
    ...sample,
    number: invoiceNumberLabel(inv.invoiceNumber),
    status: inv.status,
    createdAt: new Date(inv.createdAt),
    dueDate: inv.dueDate,
  });
  // the same invoice: the served total is the model's
  if (Math.round(inv.total * 100) !== sample.totalPence) throw new Error(`served total ${inv.total} is not the sample's ${sample.totalPence / 100}`);
  return model;
}

/**
 * Issue 23's PDF targets, measured in one run: an issued invoice's preview over HTTP (its PDF kept
 * after the first request) against warm Chromium printing the same invoice's HTML, and a draft's
 * first in-process render. `withChromium` false (smoke) skips Chromium.
 */
export async function runIssuedPdfBench(url: string, token: string, withChromium: boolean): Promise<IssuedPdfBench> {
  // Both sides warmed alike, then timed alike: 20 and 100 in the full run (with 3 and 30 the
  // served median still moved ≈ 10% between runs with the JIT's progress on the route's code)
  const warmups = withChromium ? 20 : 3;
  const runs = withChromium ? 100 : 3;
  // The sample invoice (ten real trade lines) for the sample client, issued by the bench's company:
  // the HTML Chromium prints is drawn from the same document model as the PDF served
  const sample = sampleDocumentSource('invoice', 10);
  const lineItems = sample.lines.map((l) => ({ description: l.description, quantity: l.quantityMilli / 1000, unitPrice: l.unitPricePence / 100 }));
  const client = await api<{ id: string }>(url, 'POST', '/api/clients', sampleClientSource(), token);
  const dueDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const inv = await api<{ id: string }>(url, 'POST', '/api/invoices', { clientId: client.id, tax: sample.taxRateBp / 100, dueDate, lineItems }, token);
  await api(url, 'PATCH', `/api/invoices/${inv.id}/send`, undefined, token);
  // the same ten lines left as a draft: its preview is drawn on every request (issue 38)
  const draft = await api<{ id: string }>(url, 'POST', '/api/invoices', { clientId: client.id, tax: sample.taxRateBp / 100, dueDate, lineItems }, token);
  // node:http on one kept-alive socket, as a browser holds its connection: undici's fetch costs
  // ≈ 0.6 ms of client CPU per request, spent on this same thread as the server it measures
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(url);
  const get = (id = inv.id) =>
    new Promise<number>((resolve, reject) => {
      const t0 = performance.now();
      const req = http.get({ hostname, port, path: `/api/invoices/${id}/preview`, agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          if (res.statusCode !== 200 || bytes < 1000) reject(new Error(`preview of ${id} answered ${res.statusCode}`));
          else resolve(performance.now() - t0);
        });
      });
      req.on('error', reject);
    });
  for (let i = 0; i < warmups; i++) await get();
  const served: number[] = [];
  for (let i = 0; i < runs; i++) served.push(await get());
  for (let i = 0; i < warmups; i++) await get(draft.id);
  const draftServed: number[] = [];
  for (let i = 0; i < runs; i++) draftServed.push(await get(draft.id));
  agent.destroy();
  const printed = withChromium
    ? await chromiumPrint([await servedModel(url, token, inv.id, sample), await servedModel(url, token, draft.id, sample)], warmups, runs)
    : { skipped: 'not run: Chromium prints on the first database of a full run only' };
  const chromium = 'skipped' in printed ? printed : { medianMs: printed.medians[0]!, draftMedianMs: printed.medians[1]! };

  // A draft is rendered every time: each run is a model this process has not rendered before.
  // Three other drafts first: the server's render worker is past its first documents, the main
  // thread here is not.
  const company = sampleCompanySource();
  for (let i = 0; i < 3; i++) {
    await renderDocument(
      buildDocumentModel(company, sampleClientSource(), sampleDocumentSource('invoice', 10, { status: 'DRAFT', number: `WARM-${i}` })),
      'modern',
    );
  }
  const draftTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const source = sampleDocumentSource('invoice', 10, { status: 'DRAFT', number: `DRAFT-${i}` });
    const t0 = performance.now();
    await renderDocument(buildDocumentModel(company, sampleClientSource(), source), 'modern');
    draftTimes.push(performance.now() - t0);
  }
  return { servedMedianMs: median(served), chromium, draftServedMedianMs: median(draftServed), draftFirstRenderMs: median(draftTimes), runs };
}
