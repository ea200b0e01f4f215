import { concealmentText } from '@camo/shared/concealment';
import { ObserverViewer } from '@/components/concealment/observer-viewer';
import { LightChoice } from '@/components/concealment/light-choice';
import { useEyeChoice } from '@/lib/eye-choice';
import { useLightChoice } from '@/lib/light-choice';
import { inLight } from '@/lib/predictions';
import { concealmentViewUrl, useDesignConcealment } from '../api/get-design-concealment';
import { DesignShapes } from './design-shapes';

/**
 * "How it looks from a distance": the design worn in its own photo as a deer or a person sees it
 * at 10 to 100 m, beside the predicted hiding for that eye at each distance and, once the game
 * has measured it, the game's score.
 */
export function ConcealmentViewer({ designId }: { designId: string }) {
  // The light every page remembers (decision 034): the figures, the picture and the shapes follow it.
  const [light, setLight] = useLightChoice();
  const concealment = useDesignConcealment(designId, light);
  const measured = concealment.data?.measured;
  // The eye every page remembers (issue 39): chosen here, it holds in the gallery and "my ground".
  const [eye, setEye] = useEyeChoice();
  const figuresOf = concealment.data?.figuresOf;
  const data = concealment.data && {
    ...concealment.data,
    predictions: inLight(concealment.data.predictions, light),
  };

  return (
    <section aria-labelledby="viewer-title" className="card flex flex-col gap-5 p-4 sm:p-5">
      <h2 id="viewer-title" className="stencil-heading text-3xl text-bone">
        {concealmentText.viewerTitle}
      </h2>
      {figuresOf && (
        <p className="font-semibold text-bone" data-testid="figures-of">
          {figuresText[figuresOf]}
        </p>
      )}
      <ObserverViewer
        viewUrl={(observer, distance) => concealmentViewUrl(designId, observer, distance, light)}
        data={data}
        isError={concealment.isError}
        eye={eye}
        onEyeChange={(observer, distance) => setEye({ observer, distance })}
        choices={<LightChoice light={light} onChange={setLight} />}
        after={
          measured && (
            <p className="text-bone" data-testid="measured-hiding">
              <span className="font-semibold text-coyote-300">{concealmentText.measuredLabel}:</span>{' '}
              {concealmentText.measured(measured.score, measured.rounds)}
            </p>
          )
        }
      />
      {concealment.data?.shapes && <DesignShapes shapes={concealment.data.shapes} light={light} />}
      <div className="flex flex-col gap-2 text-sm text-sage">
        <p>{concealmentText.howItWorks}</p>
        <p>{concealmentText.outOfScope}</p>
      </div>
    </section>
  );
}

/** Which image the figures are of, once the design has an edit. */
const figuresText = {
  edited: concealmentText.figuresOf.edited,
  original: concealmentText.figuresOf.original,
  'edited-measuring': concealmentText.figuresOf.editedMeasuring,
  'original-until-submitted': concealmentText.figuresOf.originalUntilSubmitted,
} as const;
