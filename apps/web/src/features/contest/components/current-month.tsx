import type { ContestOverview } from '@camo/shared/contest.schema';
import { Countdown } from '@/features/contest/components/countdown';
import { closeInWords, formatContestMonth } from '@/lib/contest-month';

import { Standings, Stat } from '@/features/contest/components/contest-standings';

export function CurrentMonth({ overview, receivedAt }: { overview: ContestOverview; receivedAt: number }) {
  const { current } = overview;
  const label = formatContestMonth(current.month);
  return (
    <section aria-labelledby="contest-title" className="flex flex-col gap-8">
      <header className="flex flex-col gap-3">
        <p className="eyebrow">Monthly contest</p>
        <h1 id="contest-title" className="stencil-heading text-4xl text-bone sm:text-5xl">
          {label} contest
        </h1>
        <p className="max-w-2xl text-lg text-sage">
          Every design submitted in {label} is in. Vote in the gallery for the ones that hide best: the design
          with the most counted votes when the month closes joins the Trophy Club.
        </p>
      </header>

      <div className="grid grid-cols-2 gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <div className="card col-span-2 flex flex-col gap-2 p-5 sm:col-span-1">
          <h2 className="eyebrow">Voting closes in</h2>
          <Countdown
            key={overview.now}
            closesAt={current.closesAt}
            serverNow={overview.now}
            receivedAt={receivedAt}
          />
          <p className="text-sm text-sage">At {closeInWords(current.month, overview.rules.timeZone)}.</p>
        </div>
        <Stat label="Entries" value={current.entries} />
        <Stat label="Voters" value={current.voters} />
      </div>

      <section aria-labelledby="standings-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="standings-title" className="stencil-heading text-3xl text-bone">
            Standings
          </h2>
          <p className="text-sm text-sage">Top 10, live: counted votes only.</p>
        </div>
        <Standings label={label} />
      </section>
    </section>
  );
}
