import { concealmentText } from '@camo/shared/concealment';
import { groundText } from '@camo/shared/ground';
import { ObserverViewer } from '@/components/concealment/observer-viewer';
import { ApiRequestError } from '@/lib/api-client';
import { groundViewUrl, useGroundDesign } from '../api/ground-photos';
import { useGroundParams, type GroundChoice } from '../lib/ground-params';
import { LazyGroundPhotoChooser } from './lazy-ground-photo-chooser';
import { LightChoice } from '@/components/concealment/light-choice';
import { useLightChoice } from '@/lib/light-choice';
import { inLight } from '@/lib/predictions';

/**
 * The design page's "How would this hide in my photo?" (issue 28), for a signed-in person: pick a
 * ground photo uploaded before or upload one; the page's URL then names it (`?ground=<id>`, as a
 * card of a ranking links it) and the design is shown worn in it through the observer viewer,
 * with its predicted hiding for every eye and distance.
 */
export function DesignInMyPhoto({ designId }: { designId: string }) {
  const { ground, setGround, savedEye } = useGroundParams();
  const eye = ground ?? savedEye;
  return (
    <section aria-labelledby="in-my-photo-title" className="card flex flex-col gap-5 p-4 sm:p-5">
      <h2 id="in-my-photo-title" className="stencil-heading text-3xl text-bone">
        {ground ? groundText.inYourPhoto : groundText.tryTitle}
      </h2>
      {ground ? (
        <GroundViewer
          // Another photo is another viewer: its choices start again from the URL's.
          key={ground.photoId}
          designId={designId}
          ground={ground}
          onEyeChange={(observer, distance) =>
            setGround({ photoId: ground.photoId, observer, distance }, { replace: true })
          }
        />
      ) : (
        <p className="max-w-3xl text-sage">{groundText.tryIntro}</p>
      )}
      {ground ? (
        // Another photo, folded away under the viewer.
        <details className="flex flex-col gap-3">
          <summary className="eyebrow cursor-pointer py-2">{groundText.tryTitle}</summary>
          <LazyGroundPhotoChooser
            eye={eye}
            current={ground.photoId}
            onChosen={(photoId) => setGround({ photoId, ...eye })}
          />
        </details>
      ) : (
        <LazyGroundPhotoChooser eye={eye} onChosen={(photoId) => setGround({ photoId, ...eye })} />
      )}
    </section>
  );
}

function GroundViewer({
  designId,
  ground,
  onEyeChange,
}: {
  designId: string;
  ground: GroundChoice;
  onEyeChange: Parameters<typeof ObserverViewer>[0]['onEyeChange'];
}) {
  // The light every page remembers (decision 034).
  const [light, setLight] = useLightChoice();
  const design = useGroundDesign(ground.photoId, designId, light);
  const data = design.data && { ...design.data, predictions: inLight(design.data.predictions, light) };
  if (design.error instanceof ApiRequestError && design.error.status === 404) {
    return (
      <p role="alert" className="text-lg text-bone">
        {groundText.photoNotFound}
      </p>
    );
  }
  return (
    <>
      <ObserverViewer
        viewUrl={(observer, distance) => groundViewUrl(ground.photoId, designId, observer, distance, light)}
        viewAlt={groundText.viewAlt}
        data={data}
        isError={design.isError}
        eye={ground}
        onEyeChange={onEyeChange}
        choices={<LightChoice light={light} onChange={setLight} />}
      />
      <p className="text-sm text-sage">{concealmentText.outOfScope}</p>
    </>
  );
}
