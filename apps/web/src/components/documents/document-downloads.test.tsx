import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { DocumentDownloads } from './document-downloads';

const mock = mockApi();
const ID = '44444444-4444-4444-8444-000000000009';

/** Each file the page saves: the name the browser is given and the bytes' type. */
let saved: { name: string; type: string }[];
beforeEach(() => {
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => `blob:${(blob as Blob).type}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, type: this.href.replace(/^blob:/, '') });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('DocumentDownloads', () => {
  it('when an issued invoice offers its files, then the PDF, the UBL and the Factur-X PDF are each fetched from their own route and saved under the name the server gives', async () => {
    mock.onGet(`/invoices/${ID}/preview?format=facturx`).reply(200, new Blob(['%PDF-fx'], { type: 'application/pdf' }), {
      'content-disposition': 'attachment; filename="INV0009-facturx.pdf"',
    });
    mock
      .onGet(`/invoices/${ID}/preview`)
      .reply(200, new Blob(['%PDF'], { type: 'application/pdf' }), { 'content-disposition': 'inline; filename="INV0009.pdf"' });
    mock.onGet(`/invoices/${ID}/ubl`).reply(200, new Blob(['<Invoice/>'], { type: 'application/xml' }), {
      'content-disposition': 'attachment; filename="INV0009.xml"',
    });
    renderWithProviders(<DocumentDownloads basePath={`/invoices/${ID}`} number="INV0009" einvoice={{ ubl: true, facturx: true }} withOpen={false} />);

    expect(screen.queryByRole('button', { name: 'Open PDF' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download UBL (e-invoice)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download Factur-X' }));
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(saved).toEqual([
      { name: 'INV0009.pdf', type: 'application/pdf' },
      { name: 'INV0009.xml', type: 'application/xml' },
      { name: 'INV0009-facturx.pdf', type: 'application/pdf' },
    ]);
    const asked = mock.history.get.map((r) => r.url);
    expect(asked).toEqual([`/invoices/${ID}/preview`, `/invoices/${ID}/ubl`, `/invoices/${ID}/preview?format=facturx`]);
  });

  it('when a draft offers its files, then only the PDF is offered: a draft is no e-invoice', () => {
    renderWithProviders(<DocumentDownloads basePath={`/invoices/${ID}`} number="Draft" einvoice={{ ubl: false, facturx: false }} />);
    expect(screen.getByRole('button', { name: 'Open PDF' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download UBL (e-invoice)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Factur-X' })).not.toBeInTheDocument();
  });

  it('when the server refuses a file, then nothing is saved', async () => {
    mock.onGet(`/invoices/${ID}/ubl`).reply(409, { success: false, error: 'Add a Peppol ID or a VAT number to the client first' });
    renderWithProviders(<DocumentDownloads basePath={`/invoices/${ID}`} number="INV0009" einvoice={{ ubl: true, facturx: false }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download UBL (e-invoice)' }));
    await waitFor(() => expect(mock.history.get).toHaveLength(1));
    expect(saved).toEqual([]);
  });
});
