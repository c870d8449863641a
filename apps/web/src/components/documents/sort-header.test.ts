import { describe, expect, it } from 'vitest';
import { pageParams } from '@/lib/paged-list';
import { nextSort } from './sort-header';

describe('document list sorting', () => {
  it('when a column is clicked, then it sorts from the lowest (date: newest first), and a second click reverses', () => {
    expect(nextSort('', 'total')).toBe('total:asc');
    expect(nextSort('total:asc', 'total')).toBe('total:desc');
    expect(nextSort('total:desc', 'client')).toBe('client:asc');
    expect(nextSort('client:asc', 'date')).toBe('');
    expect(nextSort('', 'date')).toBe('date:asc');
    expect(nextSort('date:asc', 'date')).toBe('');
  });

  it('when a sort is chosen, then the page request carries sort and order; the default sends neither', () => {
    expect(pageParams({ q: '', status: '', sort: 'number:desc' }, null)).toEqual({ limit: 20, sort: 'number', order: 'desc' });
    expect(pageParams({ q: '', status: '' }, null)).toEqual({ limit: 20 });
  });
});
