import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCurrentToast, dismissToast } from '@/lib/toast';
import { fail, mockApi } from '@/test/mock-api';
import { openPdfPreview, PDF_PREVIEW_FALLBACK } from './open-pdf-preview';

const mock = mockApi();

let tab: { location: { href: string }; close: ReturnType<typeof vi.fn>; opener: unknown };
let openSpy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  tab = { location: { href: '' }, close: vi.fn(), opener: window };
  openSpy = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  URL.createObjectURL = vi.fn(() => 'blob:pdf-1');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => dismissToast());

describe('openPdfPreview', () => {
  it('when the PDF arrives, then the tab opened on click (before the request) shows the blob, with the token sent', async () => {
    localStorage.setItem('token', 'jwt-1');
    mock.onGet('/quotes/q1/preview').reply(200, new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
    const pending = openPdfPreview('/quotes/q1/preview');
    // Opened synchronously, still inside the click, so pop-up blockers let it through.
    expect(openSpy).toHaveBeenCalledWith('', '_blank');
    await pending;
    expect(tab.location.href).toBe('blob:pdf-1');
    expect(tab.opener).toBeNull();
    expect(mock.history.get[0]!.headers?.Authorization).toBe('Bearer jwt-1');
    expect(getCurrentToast()).toBeNull();
  });

  it('when the server refuses with a JSON error, then the tab closes and the toast shows the server message', async () => {
    const body = new Blob([JSON.stringify(fail('Create your company profile before generating PDFs', 'CONFLICT'))], {
      type: 'application/json',
    });
    mock.onGet('/invoices/i1/preview').reply(409, body);
    await openPdfPreview('/invoices/i1/preview');
    expect(tab.close).toHaveBeenCalled();
    expect(getCurrentToast()).toMatchObject({ title: 'Error', description: 'Create your company profile before generating PDFs' });
  });

  it('when the fetch itself throws, then the toast shows the spec fallback', async () => {
    mock.onGet('/quotes/q1/preview').networkError();
    await openPdfPreview('/quotes/q1/preview');
    expect(tab.close).toHaveBeenCalled();
    expect(getCurrentToast()).toMatchObject({ title: 'Error', description: PDF_PREVIEW_FALLBACK });
    expect(PDF_PREVIEW_FALLBACK).toBe('Failed to generate PDF preview');
  });
});
