import { useEffect, useState } from 'react';
import { useHydrated } from '@/lib/hydration';
import { countdownParts } from '@/lib/contest-month';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Time left until the month closes. The server's clock sets the start (the page renders the same
 * on the server and in the browser); after hydration it ticks every second from the device's
 * clock, corrected by how far that was from the server's when the reply arrived (`receivedAt`,
 * the query's update time). Keyed by `serverNow`, so fresh data starts it afresh.
 */
export function Countdown({
  closesAt,
  serverNow,
  receivedAt,
}: {
  closesAt: string;
  serverNow: string;
  receivedAt: number;
}) {
  const hydrated = useHydrated();
  const skew = Date.parse(serverNow) - receivedAt;
  const [now, setNow] = useState(() => Date.parse(serverNow));
  useEffect(() => {
    if (!hydrated) return;
    const tick = () => setNow(Date.now() + skew);
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [hydrated, skew]);

  const left = countdownParts(Date.parse(closesAt), now);
  if (left.done) {
    return (
      <p className="font-condensed text-2xl font-bold text-bone">Closed: the result is being recorded.</p>
    );
  }
  const units = [
    ['days', String(left.days)],
    ['hours', pad(left.hours)],
    ['min', pad(left.minutes)],
    ['sec', pad(left.seconds)],
  ] as const;
  return (
    <p className="flex gap-3" data-testid="contest-countdown">
      <span className="sr-only">
        {left.days} days, {left.hours} hours and {left.minutes} minutes
      </span>
      {units.map(([unit, value]) => (
        <span key={unit} aria-hidden="true" className="flex flex-col items-center">
          <span className="min-w-[2ch] font-condensed text-4xl font-bold tabular-nums text-bone">
            {value}
          </span>
          <span className="text-xs uppercase tracking-widest text-sage">{unit}</span>
        </span>
      ))}
    </p>
  );
}
