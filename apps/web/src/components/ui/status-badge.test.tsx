import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge } from './status-badge';

const badge = (status: string) => {
  render(<StatusBadge status={status} />);
  const el = screen.getByText(status);
  return { className: el.className, icon: el.querySelector('svg')?.getAttribute('class') ?? '' };
};

describe('StatusBadge', () => {
  it.each([
    ['DRAFT', 'bg-slate-100'],
    ['SENT', 'bg-blue-50'],
    ['APPROVED', 'bg-green-50'],
    ['DECLINED', 'bg-red-50'],
    ['PAID', 'bg-green-50'],
    ['OVERDUE', 'bg-red-50'],
  ])('when the status is %s, then the badge has its status colour (%s) and the word', (status, colour) => {
    expect(badge(status).className).toContain(colour);
  });

  it('when the status is unknown, then it gets the DRAFT colour and the DRAFT icon', () => {
    const draftIcon = badge('DRAFT').icon;
    const unknown = badge('ARCHIVED');
    expect(unknown.className).toContain('bg-slate-100');
    expect(unknown.icon).toBe(draftIcon);
    expect(draftIcon).not.toBe(badge('SENT').icon);
  });
});
