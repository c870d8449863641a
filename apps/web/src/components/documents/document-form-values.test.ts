import { describe, expect, it } from 'vitest';
import { defaultTax, emptyLine, localIsoDateIn } from './document-form-values';

describe('document form values', () => {
  it('when the company profile is absent or failed to load, then the tax default falls back to 20', () => {
    expect(defaultTax(undefined)).toBe(20);
    expect(defaultTax(null)).toBe(20);
  });

  it('when the company has a default tax rate (even 0), then it is used', () => {
    expect(defaultTax(0)).toBe(0);
    expect(defaultTax(17.5)).toBe(17.5);
  });

  it("when 'Add Item' appends a line, then it has an empty description, quantity 1 and unit price 0", () => {
    expect(emptyLine()).toEqual({ description: '', quantity: 1, unitPrice: 0 });
  });

  it('when the due date default is built, then it is 30 calendar days ahead as YYYY-MM-DD', () => {
    expect(localIsoDateIn(30, new Date(2026, 10, 22, 23, 30))).toBe('2026-12-22');
  });
});
