import type { PrivateProfile } from '@camo/shared/api.schema';
import { clockTime, formatLongDate, hoursLabel } from '@/lib/format';
import { useHydrated } from '@/lib/hydration';

/**
 * Right where a new member votes: their vote counts in the gallery at once, but a vote cast
 * before the account is CONTEST_MIN_ACCOUNT_AGE_HOURS old never counts in the monthly contest,
 * and from when theirs will (the server's `contestVotes`). Shown in the browser only, once
 * hydrated: the time is the reader's, which the server does not know.
 */
export function NewAccountVoteNote({ me, now = Date.now }: { me: PrivateProfile; now?: () => number }) {
  const hydrated = useHydrated();
  const { minAccountAgeHours, countFrom } = me.contestVotes;
  const from = new Date(countFrom);
  if (!hydrated || minAccountAgeHours <= 0 || !(from.getTime() > now())) return null;
  return (
    <p className="max-w-prose text-sm text-sage">
      Your account is new: a vote you cast now counts in the gallery but never in the monthly contest
      (accounts younger than {hoursLabel(minAccountAgeHours)} do not count there). Your votes count in the
      contest too from {formatLongDate(countFrom)} at {clockTime(from)}.
    </p>
  );
}
