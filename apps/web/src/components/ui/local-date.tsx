import { formatLongDate } from '@/lib/format';
import { useHydrated } from '@/lib/hydration';

/**
 * "November 23, 2026" in the reader's time zone. The server does not know that zone, so a page it
 * renders shows the UTC day until the browser has hydrated it.
 */
export function LocalDate({ iso, className }: { iso: string; className?: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={iso} className={className}>
      {formatLongDate(iso, { utc: !hydrated })}
    </time>
  );
}
