import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { describe, expect, it, vi } from 'vitest';
import type { TCompany } from '@docket/schemas/company';
import { renderWithProviders } from '@/test/render';
import { fail, mockApi, ok } from '@/test/mock-api';
import { SettingsScreen } from './settings-screen';

const mock = mockApi();

const company: TCompany = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Smith & Sons Builders',
  email: 'office@smithandsons.co.uk',
  phone: null,
  address: '2 Mill Lane, Leeds',
  website: null,
  vatNumber: 'GB123456789',
  terms: 'Payment within 30 days.',
  currency: 'GBP',
  currencySymbol: '£',
  template: 'modern',
  quoteNumberPrefix: 'Q',
  invoiceNumberPrefix: 'INV',
  creditNotePrefix: 'CN',
  defaultTaxRate: 20,
  logo: null,
  bankDetails: { bankName: 'Barclays', accountName: null, accountNumber: null, sortCode: '20-00-00', iban: null, swift: null },
  latePaymentNotice: false,
  baseRatePercent: 0,
  baseRateSetOn: null,
  vatScheme: 'invoice',
  reverseChargeWording: 'CUSTOMER_TO_PAY',
  cisSubcontractor: false,
  paymentTermsDays: 30,
  nextQuoteNumber: 12,
  nextInvoiceNumber: 4,
  nextCreditNoteNumber: 1,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
};

const body = (i = 0, list = mock.history.post) => JSON.parse(list[i]!.data as string) as Record<string, unknown>;

describe('SettingsScreen', () => {
  it('when the profile is loading, then says "Loading settings..."', () => {
    mock.onGet('/company').reply(() => new Promise(() => undefined));
    renderWithProviders(<SettingsScreen />);
    expect(screen.getByText('Loading settings...')).toBeInTheDocument();
  });

  it('when there is no profile (404), then warns and shows only the company information form', async () => {
    mock.onGet('/company').reply(404, fail('Company profile not found', 'NOT_FOUND'));
    renderWithProviders(<SettingsScreen />);
    await screen.findByText('Company Profile Required');
    expect(screen.getByRole('heading', { name: 'Company Information' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Bank Details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Company Logo' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Company Profile' })).toBeInTheDocument();
  });

  it('when the profile load fails otherwise, then logs it and treats the profile as absent', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mock.onGet('/company').reply(500, fail('Something went wrong'));
    renderWithProviders(<SettingsScreen />);
    await screen.findByText('Company Profile Required');
    expect(error).toHaveBeenCalled();
  });

  it('when the short form is submitted empty, then shows the company messages', async () => {
    mock.onGet('/company').reply(404, {});
    renderWithProviders(<SettingsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create Company Profile' }));
    await screen.findByText('Company name is required');
    expect(screen.getByText('Valid email is required')).toBeInTheDocument();
    expect(mock.history.post).toHaveLength(0);
  });

  it('when a profile is created, then posts without empty optional fields and toasts', async () => {
    mock.onGet('/company').replyOnce(404, {});
    mock.onPost('/company').reply(201, ok(company));
    mock.onGet('/company').reply(200, ok(company));
    renderWithProviders(<SettingsScreen />);
    await userEvent.type(await screen.findByLabelText(/^Company Name/), 'Smith & Sons Builders');
    await userEvent.type(screen.getByLabelText(/^Email/), 'office@smithandsons.co.uk');
    await userEvent.click(screen.getByRole('button', { name: 'Create Company Profile' }));
    await screen.findByText('Company profile created successfully');
    expect(body()).toEqual({
      name: 'Smith & Sons Builders',
      email: 'office@smithandsons.co.uk',
      currency: 'GBP',
      template: 'modern',
      quoteNumberPrefix: 'Q',
      invoiceNumberPrefix: 'INV',
      creditNotePrefix: 'CN',
      defaultTaxRate: 20,
      latePaymentNotice: false,
      baseRatePercent: 0,
      vatScheme: 'invoice',
      reverseChargeWording: 'CUSTOMER_TO_PAY',
      cisSubcontractor: false,
      paymentTermsDays: 30,
      peppolId: null,
    });
    // Now the full form.
    await screen.findByRole('heading', { name: 'Bank Details' });
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });

  it('when a new account creates its profile, then the reminders form appears without a reload and nothing asked for reminders before', async () => {
    mock.onGet('/company').replyOnce(404, {});
    mock.onPost('/company').reply(201, ok(company));
    mock.onGet('/company').reply(200, ok(company));
    mock.onGet('/company/reminders').reply(200, ok({ enabled: false, steps: [-3, 0, 7, 14, 30] }));
    renderWithProviders(<SettingsScreen />);
    await screen.findByText('Save your company profile first to set up reminders.');
    expect(mock.history.get.filter((r) => r.url === '/company/reminders')).toHaveLength(0);
    await userEvent.type(await screen.findByLabelText(/^Company Name/), 'Smith & Sons Builders');
    await userEvent.type(screen.getByLabelText(/^Email/), 'office@smithandsons.co.uk');
    await userEvent.click(screen.getByRole('button', { name: 'Create Company Profile' }));
    await screen.findByLabelText('Send payment reminders for unpaid invoices');
    expect(screen.queryByText('Save your company profile first to set up reminders.')).not.toBeInTheDocument();
    expect(screen.getByTestId('reminder-schedule')).toHaveTextContent(
      'Schedule: 3 days before due, on the due date, 7/14/30 days after. Reminders go out each day at 09:00 UK time',
    );
  });

  it('when the profile exists, then shows every section prefilled', async () => {
    mock.onGet('/company').reply(200, ok(company));
    renderWithProviders(<SettingsScreen />);
    for (const heading of [
      'Company Information',
      'Company Logo',
      'Bank Details',
      'Terms and Conditions',
      'PDF Template',
      'Number Prefixes',
      'Default Tax Rate',
      'Number Counters',
    ]) {
      await screen.findByRole('heading', { name: heading });
    }
    expect(screen.getByLabelText(/^Company Name/)).toHaveValue('Smith & Sons Builders');
    expect(screen.getByLabelText('Sort Code')).toHaveValue('20-00-00');
    expect(screen.getByText('Bank details appear only on invoices, not on quotes.')).toBeInTheDocument();
    expect(screen.getByText('Recommended: PNG or JPG, max 2MB, 200x100px or larger')).toBeInTheDocument();
    expect(screen.getByText('Q0012')).toBeInTheDocument();
    expect(screen.getByText('INV0004')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });

  it('when the payment terms are 30 days, then the hint under them says 30 days, and it follows the field when changed to 0', async () => {
    mock.onGet('/company').reply(200, ok(company));
    renderWithProviders(<SettingsScreen />);
    const days = await screen.findByLabelText('Invoices due after (days)');
    expect(days).toHaveValue(30);
    expect(days).toHaveAccessibleDescription('Invoices are due 30 days after they are issued; 0 means due on receipt');
    expect(screen.queryByText(/Your payment terms: 0 is due on receipt/)).not.toBeInTheDocument();
    await userEvent.clear(days);
    await userEvent.type(days, '0');
    expect(days).toHaveAccessibleDescription('Invoices are due on receipt (0 days)');
    await userEvent.type(days, '{backspace}1');
    expect(days).toHaveAccessibleDescription('Invoices are due 1 day after they are issued; 0 means due on receipt');
  });

  it('when a prefix is empty or too long, then shows the prefix messages', async () => {
    mock.onGet('/company').reply(200, ok(company));
    renderWithProviders(<SettingsScreen />);
    await userEvent.clear(await screen.findByLabelText(/^Quote Prefix/));
    const invoicePrefix = screen.getByLabelText(/^Invoice Prefix/);
    await userEvent.clear(invoicePrefix);
    await userEvent.type(invoicePrefix, 'ELEVENCHARS');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Quote prefix is required');
    expect(screen.getByText('Prefix must be 10 characters or less')).toBeInTheDocument();
    expect(mock.history.put).toHaveLength(0);
  });

  it('when the currency changes, then the symbol follows it', async () => {
    mock.onGet('/company').reply(200, ok(company));
    renderWithProviders(<SettingsScreen />);
    const currency = await screen.findByLabelText('Currency');
    expect(screen.getByText(/Symbol:/)).toHaveTextContent('Symbol: £');
    await userEvent.selectOptions(currency, 'EUR');
    expect(screen.getByText(/Symbol:/)).toHaveTextContent('Symbol: €');
  });

  it('when saved with a new logo, then updates the profile first and uploads the logo as a data URL after', async () => {
    mock.onGet('/company').reply(200, ok(company));
    mock.onPut('/company').reply(200, ok(company));
    mock.onPost('/company/logo').reply(200, ok({ ...company, logo: 'data:image/png;base64,AAAA' }));
    renderWithProviders(<SettingsScreen />);
    const file = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0])], 'logo.png', { type: 'image/png' });
    await userEvent.upload(await screen.findByLabelText('Logo image'), file);
    expect(await screen.findByAltText('Company logo preview')).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    await userEvent.selectOptions(screen.getByLabelText('Default Tax Rate'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Logo uploaded successfully');
    expect(mock.history.put).toHaveLength(1);
    expect(body(0, mock.history.put)).toMatchObject({ defaultTaxRate: 0, bankDetails: { bankName: 'Barclays', sortCode: '20-00-00' } });
    expect(body(0, mock.history.put)).not.toHaveProperty('phone');
    expect(body(0, mock.history.post).logo).toMatch(/^data:image\/png;base64,/);
  });

  it.each([
    ['an SVG', new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/svg+xml' }), ERROR_MESSAGES.logoType],
    ['a PNG-named text file', new File(['hello'], 'logo.png', { type: 'image/png' }), ERROR_MESSAGES.logoType],
    [
      'a 5 MB PNG',
      new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), new Uint8Array(5 * 1024 * 1024)], 'big.png', { type: 'image/png' }),
      ERROR_MESSAGES.logoSize,
    ],
  ])('when %s is picked, then it is refused at once with the API message, never previewed, and Save uploads nothing', async (_name, file, message) => {
    mock.onGet('/company').reply(200, ok(company));
    mock.onPut('/company').reply(200, ok(company));
    renderWithProviders(<SettingsScreen />);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await screen.findByLabelText('Logo image'), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Logo image')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByAltText('Company logo preview')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Company profile updated successfully');
    expect(mock.history.post.filter((r) => r.url === '/company/logo')).toHaveLength(0);
  });

  it('when a Peppol scheme and ID are saved, then the PUT carries them; a GLN with a wrong check digit is refused with its message first', async () => {
    mock.onGet('/company').reply(200, ok(company));
    mock.onPut('/company').reply(200, ok({ ...company, peppolId: { scheme: '0088', value: '5790000435968' } }));
    renderWithProviders(<SettingsScreen />);
    await userEvent.selectOptions(await screen.findByLabelText('Peppol scheme'), '0088');
    await userEvent.type(screen.getByLabelText('Peppol ID'), '5790000435969');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Peppol ID is not a valid GLN number (check digits)');
    expect(mock.history.put).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Peppol ID'));
    await userEvent.type(screen.getByLabelText('Peppol ID'), '5790000435968');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Company profile updated successfully');
    expect(body(0, mock.history.put).peppolId).toEqual({ scheme: '0088', value: '5790000435968' });
  });

  it('when a stored Peppol ID is cleared (scheme None, ID blank), then the PUT sends null, which clears it', async () => {
    mock.onGet('/company').reply(200, ok({ ...company, peppolId: { scheme: '9932', value: 'GB123456789' } }));
    mock.onPut('/company').reply(200, ok(company));
    renderWithProviders(<SettingsScreen />);
    expect(await screen.findByLabelText('Peppol ID')).toHaveValue('GB123456789');
    await userEvent.selectOptions(screen.getByLabelText('Peppol scheme'), '');
    await userEvent.clear(screen.getByLabelText('Peppol ID'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Company profile updated successfully');
    expect(body(0, mock.history.put).peppolId).toBeNull();
  });

  it('when saving fails without a server message, then the toast says "Failed to save company profile"', async () => {
    mock.onGet('/company').reply(200, ok(company));
    mock.onPut('/company').networkError();
    renderWithProviders(<SettingsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Failed to save company profile');
  });

  it('when the quote counter is reset, then confirms, posts, toasts and reloads the profile', async () => {
    mock.onGet('/company').reply(200, ok(company));
    mock.onPost('/company/reset-quote-counter').reply(200, ok({ ...company, nextQuoteNumber: 1 }));
    renderWithProviders(<SettingsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reset Quote Counter' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset' }));
    await screen.findByText('Quote counter reset to 1');
    expect(mock.history.post.map((r) => r.url)).toEqual(['/company/reset-quote-counter']);
    await waitFor(() => expect(mock.history.get.filter((r) => r.url === '/company').length).toBeGreaterThan(1));
  });

  it('when the invoice counter is reset while INV0001-INV0002 exist, then the toast names INV0003, the number the next invoice gets', async () => {
    mock.onGet('/company').reply(200, ok(company));
    mock.onPost('/company/reset-invoice-counter').reply(200, ok({ ...company, nextInvoiceNumber: 3 }));
    renderWithProviders(<SettingsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reset Invoice Counter' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset' }));
    await screen.findByText(`Invoice counter reset: next invoice is ${company.invoiceNumberPrefix}0003`);
  });

  it('when the invoice counter reset fails, then the toast says "Failed to reset invoice counter"', async () => {
    mock.onGet('/company').reply(200, ok(company));
    mock.onPost('/company/reset-invoice-counter').networkError();
    renderWithProviders(<SettingsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reset Invoice Counter' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset' }));
    await screen.findByText('Failed to reset invoice counter');
  });
});
