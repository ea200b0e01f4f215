import {
  concealmentText,
  DEFAULT_DISTANCE,
  DEFAULT_OBSERVER,
  hidingFall,
  observerNames,
  observers,
  viewingDistances,
  type Observer,
  type ViewingDistance,
} from '@camo/shared/concealment';
import type { Prediction } from '@camo/shared/concealment.schema';
import { messages } from '@camo/shared/messages';
import { useState, type ReactNode } from 'react';
import { predictionFor } from '@/lib/predictions';
import { ChoiceGroup } from './choice-group';
import { ConcealmentView } from './concealment-view';

export type ViewerPredictions = {
  predictions: readonly Prediction[];
  calibrated: boolean;
  /** The image shown is still being measured: its figures say "measuring..." (issue 39). */
  measuring?: boolean;
};

/**
 * A design worn by a crouching hunter in a photo, as a deer or a person resolves it at 10 to
 * 100 m, beside the predicted hiding for that eye at each distance. The design page shows it in
 * the design's own photo (concealment) and in a person's own ground photo (ground); each gives the
 * view's address and the predictions, and may add lines under the scores.
 */
export function ObserverViewer({
  viewUrl,
  viewAlt = (observer, distance) => concealmentText.viewAlt(observer, distance),
  data,
  isError,
  initialObserver = DEFAULT_OBSERVER,
  initialDistance = DEFAULT_DISTANCE,
  eye,
  onEyeChange,
  after,
  choices,
}: {
  viewUrl: (observer: Observer, distance: ViewingDistance) => string;
  /** What the picture shows, for one who cannot see it: the design's own photo unless said. */
  viewAlt?: (observer: Observer, distance: ViewingDistance) => string;
  /** Undefined while loading. */
  data: ViewerPredictions | undefined;
  isError: boolean;
  initialObserver?: Observer;
  initialDistance?: ViewingDistance;
  /** The eye chosen, when the page holds the choice (the one every page remembers); else the viewer's own. */
  eye?: { observer: Observer; distance: ViewingDistance };
  /** Told of every new choice (a page that keeps the eye in its URL). */
  onEyeChange?: (observer: Observer, distance: ViewingDistance) => void;
  /** Under the scores: the game's measured score, say. */
  after?: ReactNode;
  /** More choices beside the eye and distance (the light, where the figures have one). */
  choices?: ReactNode;
}) {
  const [ownObserver, setObserver] = useState<Observer>(initialObserver);
  const [ownDistance, setDistance] = useState<ViewingDistance>(initialDistance);
  const observer = eye?.observer ?? ownObserver;
  const distance = eye?.distance ?? ownDistance;
  const current = data && predictionFor(data.predictions, observer, distance);

  return (
    <>
      <div className="flex flex-wrap gap-x-8 gap-y-4">
        <ChoiceGroup
          label={concealmentText.observerLabel}
          value={observer}
          options={observers.map((o) => ({ value: o, label: observerNames[o].label }))}
          onChange={(o) => {
            setObserver(o);
            onEyeChange?.(o, distance);
          }}
        />
        <ChoiceGroup
          label={concealmentText.distanceLabel}
          value={distance}
          options={viewingDistances.map((d) => ({ value: d, label: concealmentText.metres(d) }))}
          onChange={(d) => {
            setDistance(d);
            onEyeChange?.(observer, d);
          }}
        />
        {choices}
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ConcealmentView
          src={viewUrl(observer, distance)}
          alt={viewAlt(observer, distance)}
          outOfRange={
            current?.hiding === null ? concealmentText.outOfRangeAt(distance, current.outOfRange) : null
          }
          at={current?.at ?? null}
        />
        <div className="flex flex-col gap-4">
          {data ? (
            <>
              <PredictionScores data={data} observer={observer} distance={distance} />
              {after}
            </>
          ) : (
            <p role={isError ? 'alert' : 'status'} className="text-sage">
              {isError ? concealmentText.loadFailed : messages.loading}
            </p>
          )}
        </div>
      </div>
    </>
  );
}

/** The chosen eye's predicted hiding at each distance (the shown one marked), then its time to find. */
function PredictionScores({
  data,
  observer,
  distance,
}: {
  data: ViewerPredictions;
  observer: Observer;
  distance: ViewingDistance;
}) {
  const current = predictionFor(data.predictions, observer, distance);
  const fall = data.measuring ? null : hidingFall(data.predictions, observer);
  const limited = data.measuring
    ? []
    : viewingDistances.filter((d) => predictionFor(data.predictions, observer, d)?.limitedByPhoto);
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
            const prediction = predictionFor(data.predictions, observer, d);
            const hiding = prediction?.hiding;
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
                  {data.measuring
                    ? concealmentText.measuring
                    : hiding === undefined
                      ? concealmentText.notYetPredicted
                      : hiding === null
                        ? concealmentText.outOfRange
                        : concealmentText.figure({ hiding, se: prediction?.se ?? null })}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {!data.measuring && data.predictions.some((p) => p.se !== null) && (
        <p className="text-sm text-sage">{concealmentText.uncertaintyNote}</p>
      )}
      {data.predictions.some((p) => p.ground === 'close-up') && (
        <p className="text-sm text-sage" data-testid="close-up-note">
          {concealmentText.closeUp}
        </p>
      )}
      {limited.length > 0 && (
        <p className="text-sm text-sage" data-testid="limited-by-photo">
          {concealmentText.limitedByPhoto(observer, limited)}
        </p>
      )}
      {fall && (
        <p className="text-bone" data-testid="hiding-fall">
          {concealmentText.fallWhy(observer, fall.near, fall.far)}
        </p>
      )}
      {current?.medianSeconds != null ? (
        <p className="text-bone">{concealmentText.medianTime(current.medianSeconds)}</p>
      ) : (
        !data.calibrated && <p className="text-sage">{concealmentText.notCalibrated}</p>
      )}
    </>
  );
}
