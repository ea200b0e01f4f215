/**
 * Row shapes and column types for code outside the repositories, which imports no schema values:
 * what the JSON columns hold is defined here, and the tables (tables/) take it from here.
 */
import type { ConcealmentMeasures, Placement, SceneRecipe } from '@camo/camo-engine';
import type { Observer, OutOfRangeReason } from '@camo/shared/concealment';
import type { ShapeClassFigure, SizeClass } from '@camo/shared/shapes';
import type { Light } from '@camo/shared/vocabulary';

/**
 * One eye at one distance (designs.concealment_predictions): the measures averaged over the
 * samples, or null out of range, and (decision 028) each sample's measures: one target placement
 * and tile phase each, in a fixed order shared by every design in the same photo, so A and B are
 * compared sample by sample. Predictions stored before decision 028 have no samples.
 */
export interface StoredEye {
  observer: Observer;
  distanceM: number;
  /** The light it was seen in (decision 034); absent: daylight (every prediction before version 4). */
  light?: Light;
  measures: ConcealmentMeasures | null;
  samples?: ConcealmentMeasures[];
  /** The places the samples stand at: sample i at place i mod places (a standard error's clusters). */
  places?: number;
  /** Why there is no figure, when measures is null (decision 028's placement). */
  outOfRange?: OutOfRangeReason;
  /** Where the viewer's target stands: its centre and height as shares of the photo's width and height. */
  viewerAt?: { x: number; y: number; height: number };
  /** The photo as the predictor took it: a view with depth, or a close-up of ground (decision 028). */
  ground?: 'view' | 'close-up';
  /** The finest detail the figure holds, in cycles per degree (decision 037); absent before version 7. */
  heldCpd?: number;
  /** Whether the eye sees finer than that: the photo limits the figure (decision 037). */
  limitedByPhoto?: boolean;
}

/** A design image's measures in the design's own photo, with the image they were taken of. */
export interface StoredPrediction {
  imageKey: string;
  eyes: StoredEye[];
  /**
   * How it was measured: 2 averages over placements and tile phases with their samples (decision
   * 028); absent before. A prediction of an older version is measured again.
   */
  version?: number;
  /** Its shapes' blend distances for each eye and light at a repeat (decision 034); absent before version 4. */
  shapes?: StoredShapes;
  /** The printed repeat it was measured at, in cm (decision 035); absent is DEFAULT_REPEAT_CM. */
  repeatCm?: number;
}

/** A design image's shapes at a repeat: each eye in each light (@camo/shared/shapes). */
export interface StoredShapes {
  repeatCm: number;
  figures: StoredShapeFigure[];
}

export interface StoredShapeFigure {
  observer: Observer;
  light: Light;
  classes: Record<SizeClass, ShapeClassFigure>;
}

/** What designs.concealment_predictions holds: A and B as generated, the final image once submitted. */
export interface DesignPredictions {
  A?: StoredPrediction;
  B?: StoredPrediction;
  final?: StoredPrediction;
}

/** The room a hide-and-seek page had for the picture, in CSS pixels, and the screen's pixel ratio. */
export interface RoundViewport {
  width: number;
  height: number;
  pixelRatio: number;
}

/** What hunt_rounds.scene holds: how a round's scene was made (hunt/round-scene.ts, decision 024). */
export interface SceneRecord {
  recipe: SceneRecipe;
  /** The photo as the scene was made from it (oriented, at most 1280 px). */
  photo: { width: number; height: number };
  viewport: RoundViewport;
  /** CSS pixels per picture pixel when the picture fills the room. */
  cssPerPixel: number;
  /** The target in the picture (its centre, height and turn in picture pixels and degrees). */
  target: { silhouette: string } & Placement;
  /**
   * The target in the photo: where the ground under its centre came from, its height in photo
   * pixels, and its turn against the photo's ground (the version's turn taken off, and mirrored
   * when the version was). Null only when the scene holds no laid pixel there.
   */
  source: { x: number; y: number; size: number; rotation: number; mirrored: boolean } | null;
}

/** What hunt_rounds.measures holds: a person's measures of the round's picture (null: not measurable). */
export interface RoundMeasures {
  measures: ConcealmentMeasures | null;
}

/** What designs.engine_measures holds (hunt/insights). */
export interface EngineMeasures {
  /** Weighted mean CIEDE2000 from the photo's colour clusters to the nearest design colour. */
  coverage: number;
  /** Total variation distance between the design's and the photo's colour shares. */
  shareTv: number;
  /** Absolute difference of the spectral slopes of the design and the photo. */
  slopeGap: number;
}

/** How a fit did on designs of photos it did not see, and its baseline's (decision 029). */
export interface PredictorAgreement {
  pairwiseAgreement: number | null;
  pairwiseInterval: [number, number] | null;
  spearman: number | null;
  spearmanInterval: [number, number] | null;
  designs: number;
  pairs: number;
  photos: number;
}
export interface PredictorCheck {
  playerSd: number;
  roundSd: number;
  players: number;
  folds: number;
  fitted: PredictorAgreement;
  baseline: PredictorAgreement;
  beatsBaseline: boolean;
}
