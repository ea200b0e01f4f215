/**
 * TanStack Query's `refetchInterval` for an answer the server is still completing (a job that
 * runs seconds later): ask again every `everyMs` while `pending(data)`, and give up after
 * `atMost` answers rather than poll forever. Nothing is asked again after a failed answer.
 */
export function pollWhile<T>(
  pending: (data: T) => boolean,
  { everyMs, atMost }: { everyMs: number; atMost: number },
) {
  // The part of TanStack Query's Query this reads (a plain or an infinite query's).
  return (query: {
    state: { data: T | undefined; status: string; dataUpdateCount: number };
  }): number | false => {
    const { data, status, dataUpdateCount } = query.state;
    if (status !== 'success' || data === undefined) return false;
    return pending(data) && dataUpdateCount < atMost ? everyMs : false;
  };
}
