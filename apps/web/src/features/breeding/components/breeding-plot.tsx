import type { GenerationLine } from '@camo/shared/breeding.schema';
import { HUNT_TIME_LIMIT_MS } from '@camo/shared/hunt';
import { useId } from 'react';
import { secondsOrUnknown } from '../lib/breeding-text';

type Interval = GenerationLine['bred'];

/** The drawing's room, in its own units (the SVG scales to its box). */
const W = 320;
const H = 180;
const LEFT = 34;
const RIGHT = 10;
const TOP = 10;
const BOTTOM = 30;
const TOP_MS = HUNT_TIME_LIMIT_MS;

const y = (ms: number) => TOP + (1 - Math.min(ms, TOP_MS) / TOP_MS) * (H - TOP - BOTTOM);

/**
 * Each generation's median seconds to find (Kaplan-Meier, with its 95% interval as a bar) for the
 * bred designs beside the best fresh design judged so far; a bound the rounds have not set yet
 * runs the bar open to the top (or the floor). The same figures are in the table under it.
 */
export function BreedingPlot({ lines }: { lines: GenerationLine[] }) {
  const id = useId();
  const sorted = [...lines].sort((a, b) => a.generation - b.generation);
  const step = (W - LEFT - RIGHT) / Math.max(sorted.length, 1);
  const x = (i: number) => LEFT + step * (i + 0.5);
  const bredPath = linePath(sorted.map((line, i) => [x(i) - 6, line.bred.medianMs]));
  const controlPath = linePath(sorted.map((line, i) => [x(i) + 6, line.control?.medianMs ?? null]));

  return (
    <figure className="card flex flex-col gap-3 p-4 sm:p-5" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="flex flex-col gap-1">
        <span className="font-condensed text-xl font-bold uppercase tracking-wider text-bone">
          Seconds to find, by generation
        </span>
        <span className="text-sm text-sage">
          The middle time hunters took to spot the bred designs, beside the best fresh design so far, read
          only by the rounds it has had since it was picked. A bar is the range the true figure likely lies in
          (95%); longer is better hidden.
        </span>
      </figcaption>
      {sorted.length === 0 ? (
        <p className="text-sage">No generation has been played yet.</p>
      ) : (
        <svg
          viewBox={`0 0 ${W} ${H}`}
          className="w-full max-w-lg"
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
          data-testid="breeding-plot"
        >
          <title id={`${id}-title`}>Median seconds to find, bred designs against the best fresh design</title>
          <desc id={`${id}-desc`}>
            Orange circles on a solid line are the bred designs; green squares on a dashed line are the best
            fresh design. Each bar is a 95% interval; a bar with an arrow has no bound there yet. The figures
            are in the table below.
          </desc>
          {[0, 5, 10, 15].map((s) => (
            <g key={s}>
              <line x1={LEFT} x2={W - RIGHT} y1={y(s * 1000)} y2={y(s * 1000)} className="stroke-olive-900" />
              <text x={LEFT - 6} y={y(s * 1000) + 4} textAnchor="end" fontSize="11" className="fill-sage">
                {s} s
              </text>
            </g>
          ))}
          {sorted.map((line, i) => (
            <text
              key={line.generation}
              x={x(i)}
              y={H - 12}
              textAnchor="middle"
              fontSize="11"
              className="fill-sage"
            >
              {line.generation}
            </text>
          ))}
          <text x={(LEFT + W - RIGHT) / 2} y={H - 1} textAnchor="middle" fontSize="10" className="fill-sage">
            Generation
          </text>
          {controlPath && (
            <path
              d={controlPath}
              fill="none"
              strokeWidth="1.5"
              strokeDasharray="4 3"
              className="stroke-olive-300"
            />
          )}
          {bredPath && <path d={bredPath} fill="none" strokeWidth="2" className="stroke-blaze" />}
          {sorted.map((line, i) => (
            <g key={line.generation}>
              {line.control && (
                <Mark interval={line.control} x={x(i) + 6} kind="control" generation={line.generation} />
              )}
              <Mark interval={line.bred} x={x(i) - 6} kind="bred" generation={line.generation} />
            </g>
          ))}
        </svg>
      )}
      <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-bone" aria-hidden="true">
        <li className="flex items-center gap-2">
          <span className="inline-block size-3 rounded-full bg-blaze" /> Bred designs
        </li>
        <li className="flex items-center gap-2">
          <span className="inline-block size-3 bg-olive-300" /> Best fresh design
        </li>
      </ul>
      <FiguresTable lines={sorted} />
    </figure>
  );
}

/** A median's point and its interval's bar; an unknown bound runs to the edge with an arrow. */
function Mark({
  interval,
  x,
  kind,
  generation,
}: {
  interval: Interval;
  x: number;
  kind: 'bred' | 'control';
  generation: number;
}) {
  const { medianMs, lowMs, highMs } = interval;
  if (medianMs === null && lowMs === null && highMs === null) return null;
  const colour = kind === 'bred' ? 'stroke-blaze' : 'stroke-olive-300';
  const fill = kind === 'bred' ? 'fill-blaze' : 'fill-olive-300';
  const lowY = lowMs === null ? y(0) : y(lowMs);
  const highY = highMs === null ? y(TOP_MS) : y(highMs);
  return (
    <g
      data-testid={`bar-${kind}-${generation}`}
      data-open-high={highMs === null}
      data-open-low={lowMs === null}
    >
      <line x1={x} x2={x} y1={lowY} y2={highY} strokeWidth="1.5" className={colour} />
      {highMs === null ? (
        <path
          d={`M${x - 4} ${highY + 5} L${x} ${highY} L${x + 4} ${highY + 5}`}
          fill="none"
          strokeWidth="1.5"
          className={colour}
        />
      ) : (
        <line x1={x - 4} x2={x + 4} y1={highY} y2={highY} strokeWidth="1.5" className={colour} />
      )}
      {lowMs === null ? (
        <path
          d={`M${x - 4} ${lowY - 5} L${x} ${lowY} L${x + 4} ${lowY - 5}`}
          fill="none"
          strokeWidth="1.5"
          className={colour}
        />
      ) : (
        <line x1={x - 4} x2={x + 4} y1={lowY} y2={lowY} strokeWidth="1.5" className={colour} />
      )}
      {medianMs !== null &&
        (kind === 'bred' ? (
          <circle cx={x} cy={y(medianMs)} r={4} className={fill} />
        ) : (
          <rect x={x - 3.5} y={y(medianMs) - 3.5} width={7} height={7} className={fill} />
        ))}
    </g>
  );
}

/** "M x y L x y ..." through the known medians, or null with fewer than two. */
function linePath(points: [number, number | null][]): string | null {
  const known = points.filter((p): p is [number, number] => p[1] !== null);
  if (known.length < 2) return null;
  return known.map(([px, ms], i) => `${i === 0 ? 'M' : 'L'}${px} ${y(ms)}`).join(' ');
}

/** A line's cell: the median, and under it its interval; "none judged yet" without one. */
function IntervalCell({ interval }: { interval: Interval | null }) {
  if (!interval) return <td className="py-1.5 pr-3 text-sage">none judged yet</td>;
  if (interval.medianMs === null && interval.lowMs === null && interval.highMs === null)
    return <td className="py-1.5 pr-3 text-sage">{secondsOrUnknown(null)}</td>;
  return (
    <td className="py-1.5 pr-3">
      <span className="block font-semibold">{secondsOrUnknown(interval.medianMs)}</span>
      <span className="block text-xs text-sage">
        {secondsOrUnknown(interval.lowMs)} to {secondsOrUnknown(interval.highMs)}
      </span>
    </td>
  );
}

/** The plot's figures, for reading and for screen readers. */
function FiguresTable({ lines }: { lines: GenerationLine[] }) {
  if (lines.length === 0) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="breeding-figures">
        <caption className="pb-2 text-left text-xs text-sage">
          Median seconds to find by generation; under each, the range it likely lies in (95%).
        </caption>
        <thead className="text-coyote-300">
          <tr>
            <th scope="col" className="py-1 pr-3 font-semibold">
              Generation
            </th>
            <th scope="col" className="py-1 pr-3 font-semibold">
              Bred designs
            </th>
            <th scope="col" className="py-1 pr-3 font-semibold">
              Best fresh design
            </th>
            <th scope="col" className="py-1 font-semibold">
              Rounds
            </th>
          </tr>
        </thead>
        <tbody className="text-bone">
          {lines.map((line) => (
            <tr key={line.generation} className="border-t border-olive-900">
              <th scope="row" className="py-1 pr-3 font-semibold">
                {line.generation}
              </th>
              <IntervalCell interval={line.bred} />
              <IntervalCell interval={line.control} />
              <td className="py-1 tabular-nums">{line.rounds}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
