import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { THistoryEntry } from '@docket/schemas/history';
import { renderWithProviders } from '@/test/render';
import { HistoryTimeline } from './history-timeline';

const ENTRIES: THistoryEntry[] = [
  { at: '2026-11-20T09:30:00.000Z', action: 'created', summary: 'Created INV0001' },
  {
    at: '2026-11-21T10:00:00.000Z',
    action: 'payment recorded',
    summary: 'Payment of £50.00 recorded',
    by: { userId: '77777777-7777-4777-8777-000000000001', email: 'ann@example.co.uk', name: 'ann' },
  },
];

describe('HistoryTimeline', () => {
  it('when an entry records the member who did it, then their name shows beside its time, and entries without one name no one', async () => {
    renderWithProviders(<HistoryTimeline queryKey={['history-test']} load={async () => ENTRIES} label="History of INV0001" />);
    const items = within(await screen.findByRole('list', { name: 'History of INV0001' })).getAllByRole('listitem');
    expect(items[0]).not.toHaveTextContent('by ');
    expect(items[1]).toHaveTextContent('by ann');
  });
});
