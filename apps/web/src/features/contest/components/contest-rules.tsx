import type { ContestOverview } from '@camo/shared/contest.schema';

export function Rules({ overview }: { overview: ContestOverview }) {
  const { timeZone, minAccountAgeHours } = overview.rules;
  const age =
    minAccountAgeHours === 24
      ? 'a day'
      : `${minAccountAgeHours} ${minAccountAgeHours === 1 ? 'hour' : 'hours'}`;
  return (
    <section aria-labelledby="rules-title" className="flex flex-col gap-4">
      <h2 id="rules-title" className="stencil-heading text-3xl text-bone">
        The rules
      </h2>
      <ol className="card flex list-decimal flex-col gap-3 p-6 pl-10 text-bone marker:font-bold marker:text-blaze">
        <li>
          A design competes in the calendar month it was submitted to the gallery, in the site's time zone (
          {timeZone.replace(/_/g, ' ')}).
        </li>
        <li>
          Every signed-in member has one vote per design and cannot vote for their own. Votes count for the
          month's result until the month closes at midnight at its end.
        </li>
        <li>The winner is the entry with the most counted votes when the month closes.</li>
        <li>A tie goes to the entry that reached its final count first.</li>
        {minAccountAgeHours > 0 && (
          <li>
            Votes from accounts created less than {age} before they voted count in the gallery, not in the
            contest.
          </li>
        )}
        <li>
          Votes cast after a month closes still count in the gallery; they do not change that month's result.
        </li>
      </ol>
    </section>
  );
}
