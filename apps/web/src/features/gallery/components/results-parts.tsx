import type { ReactNode } from 'react';
import { useControlReady } from '@/lib/hydration';

/** The pieces of a page of gallery results, shared by the usual gallery and a ground photo's ranking. */

/** Cards in view as the gallery opens, on the widest grid (four columns). */
export const FIRST_CARDS = 4;

/** The query failed: why, and a way to ask again. */
export function ResultsError({ message, onRetry }: { message: string | undefined; onRetry: () => void }) {
  const ready = useControlReady();
  return (
    <div className="flex flex-col items-start gap-4">
      <p role="alert" className="text-lg text-danger">
        {message}
      </p>
      <button type="button" className="btn btn-secondary" {...ready()} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** No design matches: say so, and offer to clear the filters. */
export function NoResults({ message, onReset }: { message: string; onReset: () => void }) {
  const ready = useControlReady();
  return (
    <div className="card flex flex-col items-start gap-4 p-6">
      <p className="text-lg text-bone">{message}</p>
      <button type="button" className="btn btn-primary" {...ready()} onClick={onReset}>
        Reset filters
      </button>
    </div>
  );
}

/** The grid the cards sit in: one column on a phone, up to four on a wide screen. */
export function CardGrid({ children }: { children: ReactNode }) {
  return (
    <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {children}
    </ul>
  );
}

/** "Load More" while the server has another page, and why a next page failed. */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  error,
  onLoad,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The next page's failure, if it failed. */
  error: string | null;
  onLoad: () => void;
}) {
  const ready = useControlReady();
  return (
    <>
      {hasNextPage && (
        <button
          type="button"
          className="btn btn-secondary self-center"
          {...ready(isFetchingNextPage)}
          onClick={onLoad}
        >
          {isFetchingNextPage ? 'Loading...' : 'Load More'}
        </button>
      )}
      {error !== null && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
    </>
  );
}
