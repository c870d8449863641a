import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fraudHeaderProblems } from '../../../test/hmrc-fraud-rules.ts';
import { specOrSkip, startFakeHmrc, type FakeHmrc } from '../../../test/fake-hmrc.ts';
import { fraudPreventionHeaders } from './fraud-headers.ts';
import { normaliseVrn } from './vrn.ts';

const browser = {
  'Gov-Client-Browser-JS-User-Agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)',
  'Gov-Client-Device-ID': 'beec798b-b366-47fa-b1f8-92cede14a1ce',
  'Gov-Client-Screens': 'width=1920&height=1080&scaling-factor=1.25&colour-depth=24',
  'Gov-Client-Window-Size': 'width=1256&height=803',
  'Gov-Client-Timezone': 'UTC+00:00',
};
const server = {
  clientIp: '198.51.100.7',
  clientPort: 51234,
  at: new Date('2026-11-26T10:00:00Z'),
  vendorIp: '203.0.113.6',
  userId: 'a b&c',
  accountId: 'acc-1',
  version: '0.1.0',
};

describe('fraud prevention headers (WEB_APP_VIA_SERVER)', () => {
  it("when built from the browser's and the server's values, then they meet HMRC's rules", () => {
    expect(fraudHeaderProblems(fraudPreventionHeaders(browser, server))).toEqual([]);
  });

  it('when a value HMRC wants encoded has separators, then it is percent-encoded', () => {
    const h = fraudPreventionHeaders(browser, server);
    expect(h['Gov-Client-User-IDs']).toBe('docket=a%20b%26c');
    expect(h['Gov-Vendor-Forwarded']).toBe('by=203.0.113.6&for=198.51.100.7');
    expect(h['Gov-Client-Public-IP-Timestamp']).toBe('2026-11-26T10:00:00.000Z');
    expect(h['Gov-Vendor-License-IDs']).not.toContain('acc-1');
  });

  it('when the browser sent nothing, then the rules name each missing browser header', () => {
    const problems = fraudHeaderProblems(fraudPreventionHeaders({}, server));
    expect(problems).toEqual(expect.arrayContaining(['Gov-Client-Device-ID is missing', 'Gov-Client-Screens is missing', 'Gov-Client-Timezone is missing']));
  });

  it('when a timestamp lacks milliseconds or a timezone is malformed, then the rules refuse it', () => {
    const h = { ...fraudPreventionHeaders(browser, server), 'Gov-Client-Public-IP-Timestamp': '2026-11-26T10:00:00Z', 'Gov-Client-Timezone': 'GMT' };
    expect(fraudHeaderProblems(h)).toHaveLength(2);
  });
});

describe('VRN check', () => {
  it('when VRNs are checked, then mod 97 and mod 9755 numbers pass and others fail', () => {
    expect(normaliseVrn('GB 123456782')).toBe('123456782');
    expect(normaliseVrn('123456727')).toBe('123456727');
    expect(normaliseVrn('123456789')).toBeNull();
    expect(normaliseVrn('12345678')).toBeNull();
  });
});

describe.skipIf(!specOrSkip())("the fake HMRC holds requests to HMRC's specification", () => {
  let fake: FakeHmrc;
  beforeAll(async () => {
    fake = await startFakeHmrc();
  });
  afterAll(() => fake?.close());

  it('when a return is sent with a field HMRC does not define or an amount as text, then the fake records the violation and refuses it', async () => {
    const good = {
      periodKey: '26A3',
      vatDueSales: 1,
      vatDueAcquisitions: 0,
      totalVatDue: 1,
      vatReclaimedCurrPeriod: 0,
      netVatDue: 1,
      totalValueSalesExVAT: 5,
      totalValuePurchasesExVAT: 0,
      totalValueGoodsSuppliedExVAT: 0,
      totalAcquisitionsExVAT: 0,
      finalised: true,
    };
    for (const body of [
      { ...good, box10: 1 },
      { ...good, vatDueSales: '1.00' },
      { ...good, vatDueSales: 1.001 },
    ]) {
      const before = fake.violations.length;
      const res = await fetch(`${fake.apiBase}/organisations/vat/123456782/returns`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'Content-Type': 'application/json', Accept: 'application/vnd.hmrc.1.0+json' },
      });
      expect(res.status).toBe(400);
      expect(fake.violations.length).toBeGreaterThan(before);
    }
  });

  it("when a submission receipt's processingDate is not a date-time, then the specification check finds it (formats are checked, not ignored)", () => {
    const receipt = { processingDate: '2026-11-01T10:00:00.000Z', formBundleNumber: '123456789012', paymentIndicator: 'BANK' };
    expect(fake.checkAnswer('SubmitVATreturnforperiod', 201, receipt)).toEqual([]);
    expect(fake.checkAnswer('SubmitVATreturnforperiod', 201, { ...receipt, processingDate: 'yesterday' }).join()).toContain('date-time');
  });
});
