import type { HuntInsights } from '@camo/shared/hunt.schema';

type Measure = 'coverage' | 'shareTv' | 'slopeGap';

export const MEASURES: { key: Measure; title: string; about: string }[] = [
  {
    key: 'coverage',
    title: 'Colour match',
    about: "How far the photo's colours are from the design's nearest ones (CIEDE2000; lower is closer).",
  },
  {
    key: 'shareTv',
    title: 'Colour amounts',
    about: 'How differently the design shares out its colours from the photo (0 to 1; lower is closer).',
  },
  {
    key: 'slopeGap',
    title: 'Texture',
    about:
      "How far the design's mix of coarse and fine detail is from the photo's (spectral slope; lower is closer).",
  },
];

export function Scatter({
  insights,
  measure,
}: {
  insights: HuntInsights;
  measure: (typeof MEASURES)[number];
}) {
  const w = 280;
  const h = 180;
  const xs = insights.points.map((p) => p[measure.key]);
  const xMax = Math.max(...xs, 1e-6) * 1.05;
  const r = insights.correlations[measure.key];
  return (
    <figure className="card flex flex-col gap-2 p-4">
      <figcaption className="flex flex-col gap-1">
        <span className="font-condensed text-xl font-bold uppercase tracking-wider text-bone">
          {measure.title}
        </span>
        <span className="text-sm text-sage">{measure.about}</span>
        <span className="text-sm text-bone">
          {r === null ? 'Too few designs to tell yet.' : `Rank correlation with the score: ${r.toFixed(2)}`}
        </span>
      </figcaption>
      <svg
        viewBox={`-34 -8 ${w + 44} ${h + 34}`}
        className="w-full"
        role="img"
        aria-label={`Concealment score against ${measure.title.toLowerCase()}, one dot per design`}
      >
        <path d={`M0 0 V${h} H${w}`} fill="none" stroke="currentColor" className="text-olive-700" />
        <text x={-6} y={6} textAnchor="end" fontSize="11" className="fill-current text-sage">
          15 s
        </text>
        <text x={-6} y={h} textAnchor="end" fontSize="11" className="fill-current text-sage">
          0 s
        </text>
        <text x={w} y={h + 18} textAnchor="end" fontSize="11" className="fill-current text-sage">
          {xMax.toFixed(2)}
        </text>
        {insights.points.map((p) => (
          <circle
            key={p.designId}
            cx={(p[measure.key] / xMax) * w}
            cy={h - (p.score / 15) * h}
            r={4}
            className="fill-current text-blaze"
            opacity={0.75}
          >
            <title>{`${p.name}: ${p.score.toFixed(1)} s`}</title>
          </circle>
        ))}
      </svg>
    </figure>
  );
}
