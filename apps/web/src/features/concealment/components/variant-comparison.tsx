import {
  concealmentText,
  DEFAULT_DISTANCE,
  DEFAULT_OBSERVER,
  observerNames,
  observers,
  viewingDistances,
  type Observer,
} from '@camo/shared/concealment';
import type { HidingGap, Prediction, VariantConcealment } from '@camo/shared/concealment.schema';
import { useVariantConcealment } from '../api/get-variant-concealment';
import { LightChoice } from '@/components/concealment/light-choice';
import { useLightChoice } from '@/lib/light-choice';
import { inLight, predictionFor } from '@/lib/predictions';

/**
 * The choose screen's comparison of A and B in the uploaded photo: one sentence for the default
 * eye, then every eye and distance in a table, each figure with its uncertainty; one design is
 * said to hide better only where the gap is reliable (decision 028). It never holds up the
 * choice: while the predictions are being made it says so, politely, and the Select buttons stay
 * as they are.
 */
export function VariantComparison({ designId }: { designId: string }) {
  // The light every page remembers (decision 034); dawn or dusk's figures are measured when first asked for.
  const [light, setLight] = useLightChoice();
  const concealment = useVariantConcealment(designId, light);
  const data = concealment.data && {
    ...concealment.data,
    A: inLight(concealment.data.A, light),
    B: inLight(concealment.data.B, light),
    gaps: inLight(concealment.data.gaps, light),
  };
  const ready = data !== undefined && data.A.length > 0 && data.B.length > 0;
  const daylightReady =
    concealment.data !== undefined && concealment.data.A.length > 0 && concealment.data.B.length > 0;

  let status: string = concealmentText.predicting;
  if (ready) {
    const sentence = concealmentText.compare(
      figureFor(data.A, DEFAULT_OBSERVER, DEFAULT_DISTANCE),
      figureFor(data.B, DEFAULT_OBSERVER, DEFAULT_DISTANCE),
      DEFAULT_OBSERVER,
      DEFAULT_DISTANCE,
      gapFor(data.gaps, DEFAULT_OBSERVER, DEFAULT_DISTANCE),
    );
    status = light === 'daylight' ? sentence : concealmentText.atDuskSentence(sentence);
  } else if (daylightReady && !concealment.isError) {
    status = concealmentText.predictingDusk;
  } else if (concealment.isError) {
    status = concealmentText.loadFailed;
  } else if (concealment.gaveUp) {
    status = concealmentText.notPredictedInTime;
  }

  return (
    <div className="card flex flex-col gap-4 p-4 sm:p-5" data-testid="variant-concealment">
      <p role="status" className={ready ? 'text-lg font-semibold text-bone' : 'text-sage'}>
        {status}
      </p>
      {daylightReady && <LightChoice light={light} onChange={setLight} />}
      {ready && <ComparisonTable concealment={data} />}
    </div>
  );
}

function figureFor(predictions: readonly Prediction[], observer: Observer, distance: number) {
  const p = predictionFor(predictions, observer, distance);
  return p && p.hiding !== null ? { hiding: p.hiding, se: p.se } : null;
}

function gapFor(gaps: readonly HidingGap[], observer: Observer, distance: number): HidingGap | null {
  return gaps.find((g) => g.observer === observer && g.distanceM === distance) ?? null;
}

/** Rows: a deer and a person; columns: the distances; each cell A's and B's hiding. */
function ComparisonTable({ concealment }: { concealment: VariantConcealment }) {
  return (
    <>
      <table className="w-full table-fixed border-collapse text-sm">
        <caption className="pb-2 text-left text-sage">{concealmentText.compareCaption}</caption>
        <thead>
          <tr className="border-b border-olive-700">
            <th scope="col" className="py-2 pr-1 text-left font-semibold text-sage">
              {concealmentText.observerLabel}
            </th>
            {viewingDistances.map((distance) => (
              <th key={distance} scope="col" className="px-1 py-2 text-left font-semibold text-sage">
                {concealmentText.metres(distance)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {observers.map((observer) => (
            <tr key={observer} className="border-b border-olive-900 last:border-b-0">
              <th scope="row" className="py-2 pr-1 text-left font-semibold text-bone">
                {observerNames[observer].label}
              </th>
              {viewingDistances.map((distance) => (
                <td key={distance} className="px-1 py-2 align-top text-bone">
                  <Cell
                    a={predictionFor(concealment.A, observer, distance)}
                    b={predictionFor(concealment.B, observer, distance)}
                    gap={gapFor(concealment.gaps, observer, distance)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm text-sage">{concealmentText.uncertaintyNote}</p>
    </>
  );
}

/**
 * "A 78 ± 4 · B 64 ± 3" (stacked on a phone), the better one bold only where the gap is reliable;
 * "out of range" where neither shows.
 */
function Cell({
  a,
  b,
  gap,
}: {
  a: Prediction | undefined;
  b: Prediction | undefined;
  gap: HidingGap | null;
}) {
  if (!a || !b) return <span className="text-sage">{concealmentText.notYetPredicted}</span>;
  if (a.hiding === null && b.hiding === null) {
    return <span className="text-sage">{concealmentText.outOfRange}</span>;
  }
  const figure = (p: Prediction) =>
    p.hiding === null ? concealmentText.outOfRange : concealmentText.figure({ hiding: p.hiding, se: p.se });
  const winner = gap?.reliable ? (gap.difference > 0 ? 'A' : 'B') : null;
  return (
    <span className="flex flex-col sm:flex-row sm:flex-wrap sm:gap-x-1">
      <span className={winner === 'A' ? 'font-bold' : ''}>A {figure(a)}</span>
      <span aria-hidden="true" className="hidden text-sage sm:inline">
        ·
      </span>
      <span className={winner === 'B' ? 'font-bold' : ''}>B {figure(b)}</span>
    </span>
  );
}
