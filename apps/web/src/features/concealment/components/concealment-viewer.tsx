import {
  concealmentText,
  DEFAULT_DISTANCE,
  DEFAULT_OBSERVER,
  observerNames,
  observers,
  viewingDistances,
  type Observer,
  type ViewingDistance,
} from '@camo/shared/concealment';
import type { DesignConcealment } from '@camo/shared/concealment.schema';
import { messages } from '@camo/shared/messages';
import { useState } from 'react';
import { concealmentViewUrl, useDesignConcealment } from '../api/get-design-concealment';
import { predictionFor } from '../lib/predictions';
import { ChoiceGroup } from './choice-group';
import { ConcealmentView } from './concealment-view';

/**
 * "How it looks from a distance": the design worn in its own photo as a deer or a person sees it
 * at 10 to 100 m, beside the predicted hiding for that eye at each distance and, once the game
 * has measured it, the game's score.
 */
export function ConcealmentViewer({ designId }: { designId: string }) {
  const [observer, setObserver] = useState<Observer>(DEFAULT_OBSERVER);
  const [distance, setDistance] = useState<ViewingDistance>(DEFAULT_DISTANCE);
  const concealment = useDesignConcealment(designId);
  const current = concealment.data && predictionFor(concealment.data.predictions, observer, distance);

  return (
    <section aria-labelledby="viewer-title" className="card flex flex-col gap-5 p-4 sm:p-5">
      <h2 id="viewer-title" className="stencil-heading text-3xl text-bone">
        {concealmentText.viewerTitle}
      </h2>
      <div className="flex flex-wrap gap-x-8 gap-y-4">
        <ChoiceGroup
          label={concealmentText.observerLabel}
          value={observer}
          options={observers.map((o) => ({ value: o, label: observerNames[o].label }))}
          onChange={setObserver}
        />
        <ChoiceGroup
          label={concealmentText.distanceLabel}
          value={distance}
          options={viewingDistances.map((d) => ({ value: d, label: concealmentText.metres(d) }))}
          onChange={setDistance}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ConcealmentView
          src={concealmentViewUrl(designId, observer, distance)}
          alt={concealmentText.viewAlt(observer, distance)}
          outOfRange={current?.hiding === null ? concealmentText.outOfRangeAt(distance) : null}
        />
        <div className="flex flex-col gap-4">
          {concealment.data ? (
            <Scores concealment={concealment.data} observer={observer} distance={distance} />
          ) : (
            <p role={concealment.isError ? 'alert' : 'status'} className="text-sage">
              {concealment.isError ? concealmentText.loadFailed : messages.loading}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-2 text-sm text-sage">
        <p>{concealmentText.howItWorks}</p>
        <p>{concealmentText.outOfScope}</p>
      </div>
    </section>
  );
}

/** The chosen eye's predicted hiding at each distance (the shown one marked), then the game's. */
function Scores({
  concealment,
  observer,
  distance,
}: {
  concealment: DesignConcealment;
  observer: Observer;
  distance: ViewingDistance;
}) {
  const current = predictionFor(concealment.predictions, observer, distance);
  return (
    <>
      <table className="w-full border-collapse text-left">
        <caption className="pb-2 text-left font-condensed text-lg font-bold uppercase tracking-wider text-coyote-300">
          {concealmentText.scoresCaption(observer)}
        </caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{concealmentText.distanceLabel}</th>
            <th scope="col">{concealmentText.scoreLabel}</th>
          </tr>
        </thead>
        <tbody>
          {viewingDistances.map((d) => {
            const hiding = predictionFor(concealment.predictions, observer, d)?.hiding;
            const shown = d === distance;
            return (
              <tr
                key={d}
                aria-current={shown ? 'true' : undefined}
                className={`border-b border-olive-900 last:border-b-0 ${shown ? 'bg-olive-700 font-bold' : ''}`}
              >
                <th scope="row" className="py-2 pl-3 font-semibold text-bone">
                  {concealmentText.metres(d)}
                </th>
                <td
                  className={`py-2 pr-3 text-right ${hiding == null && !shown ? 'text-sage' : 'text-bone'}`}
                >
                  {hiding === undefined
                    ? concealmentText.notYetPredicted
                    : hiding === null
                      ? concealmentText.outOfRange
                      : hiding}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {current?.medianSeconds != null ? (
        <p className="text-bone">{concealmentText.medianTime(current.medianSeconds)}</p>
      ) : (
        !concealment.calibrated && <p className="text-sage">{concealmentText.notCalibrated}</p>
      )}
      {concealment.measured && (
        <p className="text-bone" data-testid="measured-hiding">
          <span className="font-semibold text-coyote-300">{concealmentText.measuredLabel}:</span>{' '}
          {concealmentText.measured(concealment.measured.score, concealment.measured.rounds)}
        </p>
      )}
    </>
  );
}
