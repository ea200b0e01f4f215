import type { Calibration } from '@camo/shared/concealment.schema';
import { groundText } from '@camo/shared/ground';
import { Link, useLocation } from 'react-router';
import { groundPhotoImageUrl } from '../api/ground-photos';
import { groundParamKeys, type GroundChoice, type GroundEye } from '../lib/ground-params';
import { GroundEyeChoice } from './ground-eye-choice';
import { LightChoice } from '@/components/concealment/light-choice';
import type { Light } from '@camo/shared/vocabulary';

/** Where the insights page explains the predictor and shows its agreement with the game. */
export const HOW_PREDICTED_HREF = '/hunt/insights#agreement-title';

/** The predictor's agreement with hide and seek so far, in one sentence. */
export function agreementLine(calibration: Calibration | undefined): string | null {
  if (!calibration) return null;
  return calibration.status === 'fitted' && calibration.pairwiseAgreement !== null
    ? groundText.agreement(calibration.pairwiseAgreement, calibration.comparedDesigns)
    : groundText.noAgreementYet;
}

/**
 * Above a ground photo's ranking, honest about what it is: the photo, that the order is predicted
 * and for which eye and distance (changeable here), how the prediction is made and how well it has
 * agreed with the game so far, and the way back to the usual gallery.
 */
export function GroundRankingSummary({
  ground,
  onEyeChange,
  calibration,
  light,
  onLightChange,
}: {
  ground: GroundChoice;
  onEyeChange: (eye: GroundEye) => void;
  calibration: Calibration | undefined;
  /** The light the ranking is for (decision 034), remembered as every page's. */
  light: Light;
  onLightChange: (light: Light) => void;
}) {
  const agreement = agreementLine(calibration);
  // The same page and filters without the photo: a link, so it works before the page has hydrated.
  const { pathname, search } = useLocation();
  const usual = new URLSearchParams(search);
  for (const key of Object.values(groundParamKeys)) usual.delete(key);
  return (
    <section
      aria-labelledby="ground-ranking-title"
      className="card flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:gap-5 sm:p-5"
    >
      <img
        src={groundPhotoImageUrl(ground.photoId)}
        alt={groundText.photoAlt}
        width={160}
        height={120}
        decoding="async"
        className="aspect-[4/3] w-32 shrink-0 rounded bg-loam object-cover sm:w-40"
        data-testid="ground-thumbnail"
      />
      <div className="flex min-w-0 flex-col gap-3">
        <h2 id="ground-ranking-title" className="stencil-heading text-2xl text-bone sm:text-3xl">
          {groundText.title}
        </h2>
        <p className="font-semibold text-bone" data-testid="ranked-for">
          {groundText.rankedFor(ground.observer, ground.distance, light)}
        </p>
        <div className="flex flex-wrap gap-x-8 gap-y-4">
          <GroundEyeChoice eye={ground} onChange={onEyeChange} />
          <LightChoice light={light} onChange={onLightChange} />
        </div>
        <p className="text-sm text-sage">
          {agreement && <span data-testid="ranking-agreement">{agreement} </span>}
          <Link to={HOW_PREDICTED_HREF} className="text-link">
            {groundText.howLink}
          </Link>
        </p>
        <Link
          to={`${pathname}${usual.size > 0 ? `?${usual.toString()}` : ''}`}
          className="btn btn-secondary btn-sm self-start"
        >
          {groundText.clear}
        </Link>
      </div>
    </section>
  );
}
