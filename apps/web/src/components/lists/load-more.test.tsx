import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadMore, type TLoadMoreQuery } from './load-more';

const query = (over: Partial<TLoadMoreQuery> = {}): TLoadMoreQuery => ({
  hasNextPage: true,
  isFetching: false,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  isPlaceholderData: false,
  fetchNextPage: vi.fn(() => Promise.resolve()),
  ...over,
});

/** A stand-in IntersectionObserver that reports every observed element as on screen (or not). */
function stubObserver(intersecting: boolean) {
  const observe = vi.fn();
  class FakeObserver {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      observe(target);
      this.callback([{ isIntersecting: intersecting, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
    }
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return observe;
}

afterEach(() => vi.unstubAllGlobals());

describe('LoadMore', () => {
  it('when there is no IntersectionObserver (jsdom), then it renders a button that loads on click', async () => {
    expect('IntersectionObserver' in window).toBe(false);
    const q = query();
    render(<LoadMore query={q} noun="quotes" />);
    expect(q.fetchNextPage).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(q.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('when the button scrolls into view, then the next page loads by itself once', () => {
    const observe = stubObserver(true);
    const q = query();
    render(<LoadMore query={q} noun="quotes" />);
    expect(observe).toHaveBeenCalledWith(screen.getByRole('button', { name: 'Load more' }));
    expect(q.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('when the button is off screen, then nothing loads', () => {
    stubObserver(false);
    const q = query();
    render(<LoadMore query={q} noun="quotes" />);
    expect(q.fetchNextPage).not.toHaveBeenCalled();
  });

  it('when the last page failed, then it does not retry by itself but says so and retries on click', async () => {
    stubObserver(true);
    const q = query({ isFetchNextPageError: true });
    render(<LoadMore query={q} noun="invoices" />);
    expect(q.fetchNextPage).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('More invoices could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(q.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('when a page is loading, then the button stays focusable, is marked busy-disabled, announces it and ignores clicks', async () => {
    stubObserver(true);
    const q = query({ isFetching: true, isFetchingNextPage: true });
    render(<LoadMore query={q} noun="clients" />);
    const button = screen.getByRole('button', { name: 'Load more' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Loading more clients…');
    await userEvent.click(button);
    expect(q.fetchNextPage).not.toHaveBeenCalled();
  });

  it('when there is no further page, or the rows are a previous search kept on screen, then nothing renders', () => {
    const { container, rerender } = render(<LoadMore query={query({ hasNextPage: false })} noun="items" />);
    expect(container).toBeEmptyDOMElement();
    rerender(<LoadMore query={query({ isPlaceholderData: true })} noun="items" />);
    expect(container).toBeEmptyDOMElement();
  });
});
