/**
 * A ruler in centimetres at the screen's scale: a tick every centimetre, longer every five, a
 * figure as often as there is room (every 1, 5 or 10), and the design's repeat marked where each tile ends. Drawn in CSS pixels (no
 * viewBox), so its marks are as far apart as the scale says; what runs past the page is cut off.
 */
export function CmRuler({
  pxPerMm,
  repeatCm,
  spanCm,
}: {
  pxPerMm: number;
  repeatCm: number;
  spanCm: number;
}) {
  const cm = pxPerMm * 10;
  const ticks = Array.from({ length: Math.floor(spanCm) + 1 }, (_, k) => k);
  const repeats = Array.from({ length: Math.floor(spanCm / repeatCm) }, (_, k) => (k + 1) * repeatCm);
  // A figure as often as there is room for one: every 1, 5 or 10 centimetres.
  const labelEvery = [1, 5, 10].find((n) => n * cm >= 36) ?? 20;
  return (
    <svg
      width="100%"
      height={30}
      aria-hidden="true"
      className="block overflow-hidden text-bone"
      data-testid="cm-ruler"
    >
      {ticks.map((k) => {
        const long = k % 10 === 0 ? 14 : k % 5 === 0 ? 10 : 6;
        return (
          <g key={k}>
            <line
              x1={k * cm + 0.5}
              x2={k * cm + 0.5}
              y1={0}
              y2={long}
              stroke="currentColor"
              strokeWidth={1}
            />
            {k % labelEvery === 0 && k > 0 && (
              <text x={k * cm + 3} y={26} fontSize={11} fill="currentColor">
                {k} cm
              </text>
            )}
          </g>
        );
      })}
      {repeats.map((r) => (
        <line
          key={`repeat-${r}`}
          x1={r * cm + 0.5}
          x2={r * cm + 0.5}
          y1={0}
          y2={30}
          className="stroke-blaze-500"
          strokeWidth={2}
          data-testid="ruler-repeat"
        />
      ))}
    </svg>
  );
}
