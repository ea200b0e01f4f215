import type { Concealment } from '@camo/shared/hunt.schema';
import { HUNT_MIN_ROUNDS_FOR_SCORE, HUNT_TIME_LIMIT_MS } from '@camo/shared/hunt';
import { Link } from 'react-router';
import { BlendPreview } from '@/components/design/blend-preview';
import { seconds, useConcealment } from '../api/hunt';

/** "Found by 62% of 48 hunters, median 3.4 s". */
export function concealmentSummary(c: Concealment): string {
  if (c.rounds === 0) return 'No hunter has looked for it yet.';
  const hunters = `${c.rounds} hunter${c.rounds === 1 ? '' : 's'}`;
  const median = c.medianMs !== null ? `, median ${seconds(c.medianMs)}` : `; more than half never found it`;
  return `Found by ${Math.round(c.foundShare * 100)}% of ${hunters}${median}.`;
}

/** The share still hidden over the round's 15 s, as a step curve. */
export function SurvivalCurve({ curve }: { curve: Concealment['curve'] }) {
  const w = 300;
  const h = 120;
  const x = (ms: number) => (ms / HUNT_TIME_LIMIT_MS) * w;
  const y = (hidden: number) => (1 - hidden) * h;
  let d = `M0 ${y(1)}`;
  for (let i = 1; i < curve.length; i++) d += ` H${x(curve[i]!.ms)} V${y(curve[i]!.hidden)}`;
  d += ` H${w}`;
  return (
    <svg
      viewBox={`-44 -8 ${w + 52} ${h + 30}`}
      className="w-full max-w-md"
      role="img"
      aria-label="Share of hunters the design stayed hidden from, over the 15 seconds of a round"
    >
      <path d={`M0 0 V${h} H${w}`} fill="none" stroke="currentColor" className="text-olive-700" />
      <text x={-6} y={4} textAnchor="end" className="fill-current text-sage" fontSize="11">
        100%
      </text>
      <text x={-6} y={h} textAnchor="end" className="fill-current text-sage" fontSize="11">
        0%
      </text>
      <text x={0} y={h + 16} className="fill-current text-sage" fontSize="11">
        0 s
      </text>
      <text x={w} y={h + 16} textAnchor="end" className="fill-current text-sage" fontSize="11">
        15 s
      </text>
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2.5" className="text-blaze" />
    </svg>
  );
}

/** A design page's hide-and-seek score, its survival curve and the blend preview. */
export function HidingPanel({ designId }: { designId: string }) {
  const concealment = useConcealment(designId);
  return (
    <section aria-labelledby="hiding-title" className="card flex flex-col gap-4 p-5">
      <h2 id="hiding-title" className="stencil-heading text-3xl text-bone">
        How well it hides
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-3">
          {concealment.data ? (
            <>
              <p className="text-lg text-bone" data-testid="concealment-summary">
                {concealmentSummary(concealment.data)}
              </p>
              {concealment.data.rounds > 0 && <SurvivalCurve curve={concealment.data.curve} />}
              <p className="text-sm text-sage">
                {concealment.data.scored
                  ? `On average it stayed hidden ${seconds(concealment.data.meanHiddenMs)} of the ${HUNT_TIME_LIMIT_MS / 1000}.`
                  : `Its score counts in the gallery from ${HUNT_MIN_ROUNDS_FOR_SCORE} rounds (${concealment.data.rounds} so far).`}
              </p>
            </>
          ) : concealment.isError ? (
            <p className="text-sage">The hide-and-seek score could not be loaded.</p>
          ) : (
            <p className="text-sage">Loading…</p>
          )}
          <p>
            <Link to="/hunt" className="text-link">
              Play hide and seek
            </Link>{' '}
            <span className="text-sage">to measure how well designs hide.</span>
          </p>
        </div>
        <BlendPreview designId={designId} variant="final" />
      </div>
    </section>
  );
}
