import { DEFAULT_REPEAT_CM } from '@camo/shared/shapes';
import { chosenImageKey, isCommunityVisible } from '../designs/design-policy.js';
import type { DesignRecord } from '../designs/designs.repository.js';
import type { DesignPredictions, StoredPrediction } from '../platform/db/types.js';

type ShownDesign = Pick<
  DesignRecord,
  | 'status'
  | 'hasEdits'
  | 'finalDesignChoice'
  | 'editedImageUrl'
  | 'imageUrl'
  | 'selectedVariant'
  | 'designAUrl'
  | 'designBUrl'
> & { predictions: DesignPredictions | null; repeatCm: number };

/** Which image the design page's figures are of, said on the page once the design has an edit. */
export type FiguresOf = 'edited' | 'original' | 'edited-measuring' | 'original-until-submitted';

/**
 * The prediction of the image the design page shows (issue 39): never another image's figures as
 * its own. The image shown is the edited one when chosen (design-policy.ts#chosenImageKey); its
 * prediction is the one stored for that image key at the design's repeat. A submitted design whose image is not yet
 * measured is still measuring; a draft's edited image is measured once submitted, so until then
 * the page shows the original's figures and says they are the original's.
 */
export function shownFigures(design: ShownDesign): {
  stored: StoredPrediction | undefined;
  measuring: boolean;
  figuresOf: FiguresOf | null;
} {
  const p = design.predictions ?? {};
  const key = chosenImageKey(design);
  const edited = key !== null && key === design.editedImageUrl;
  const original = design.selectedVariant === 'B' ? p.B : p.A;
  // Measured at the repeat the design is printed at (decision 035): A and B at the default one.
  const match = [p.final, p.A, p.B].find(
    (s) => s && s.imageKey === key && (s.repeatCm ?? DEFAULT_REPEAT_CM) === design.repeatCm,
  );
  const said = <T extends FiguresOf>(of: T): T | null => (design.hasEdits ? of : null);
  if (match) return { stored: match, measuring: false, figuresOf: said(edited ? 'edited' : 'original') };
  if (edited && !isCommunityVisible(design.status))
    return { stored: original, measuring: !original, figuresOf: 'original-until-submitted' };
  return { stored: undefined, measuring: true, figuresOf: said(edited ? 'edited-measuring' : 'original') };
}
