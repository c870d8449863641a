import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CalendarViewBoundary } from './calendar-view-boundary';

function Broken(): never {
  throw new Error('FullCalendar exploded');
}

describe('CalendarViewBoundary', () => {
  it('when the calendar component throws, then the spec failure text and a Refresh Page button show', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <CalendarViewBoundary>
        <Broken />
      </CalendarViewBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Calendar failed to load. Please refresh the page.');
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });

  it('when the calendar renders, then it is shown untouched', () => {
    render(
      <CalendarViewBoundary>
        <p>calendar here</p>
      </CalendarViewBoundary>,
    );
    expect(screen.getByText('calendar here')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
