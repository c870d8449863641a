import { ChevronDown, Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

/** The parts of a useInfiniteQuery result the button needs. */
export interface TLoadMoreQuery {
  hasNextPage: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  /** Placeholder rows belong to the previous search: never page on from them. */
  isPlaceholderData: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * 'Load more' under a paged list. It also loads by itself when it scrolls into view (where the
 * browser has IntersectionObserver), but not while any fetch runs — a second fetchNextPage would
 * cancel the first — and not after a failed page, so a failing server is not asked again in a loop.
 */
export function LoadMore({ query, noun }: { query: TLoadMoreQuery; noun: string }) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const hasMore = query.hasNextPage && !query.isPlaceholderData;
  const loading = query.isFetchingNextPage;
  const canAutoLoad = hasMore && !query.isFetching && !query.isFetchNextPageError;
  const fetchNextPage = useRef(query.fetchNextPage);
  useEffect(() => {
    fetchNextPage.current = query.fetchNextPage;
  });

  useEffect(() => {
    const button = buttonRef.current;
    if (!canAutoLoad || !button || typeof IntersectionObserver === 'undefined') return;
    // A fresh observer reports the current state at once, so a page that still leaves the button
    // on screen loads the next one too, until the screen is full.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          void fetchNextPage.current();
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(button);
    return () => observer.disconnect();
  }, [canAutoLoad]);

  if (!hasMore) return null;
  return (
    <div className="mt-6 flex flex-col items-center gap-2">
      {query.isFetchNextPageError && !loading && (
        <p role="alert" className="text-sm text-red-700">
          {`More ${noun} could not be loaded.`}
        </p>
      )}
      <Button
        ref={buttonRef}
        variant="outline"
        // aria-disabled rather than disabled: a disabled button would drop keyboard focus mid-load.
        aria-disabled={loading || undefined}
        onClick={() => {
          if (!loading && !query.isFetching) void query.fetchNextPage();
        }}
        className="aria-disabled:cursor-progress aria-disabled:opacity-70"
      >
        {loading ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : <ChevronDown aria-hidden="true" className="h-4 w-4" />}
        Load more
      </Button>
      <span role="status" className="sr-only">
        {loading ? `Loading more ${noun}…` : ''}
      </span>
    </div>
  );
}
