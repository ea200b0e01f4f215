/**
 * @camo/camo-engine: the built-in camouflage generator. Pure TypeScript over raw pixels; no
 * server or browser dependencies. Node-only helpers (decoding photo files) live in ./node.ts.
 */
export { analyse } from './analysis/analyse.js';
export type { AnalyseContext, PhotoAnalysis, TextureStats } from './analysis/analyse.js';
export type { Swatch } from './analysis/ground-palette.js';
export { generate, generateVariant, firstRecipe } from './generate.js';
export { render, designFromRecipe, DESIGN_SIZE, MAX_EXPORT_SIZE } from './design.js';
export type { GenerateInput, GenerateResult, GeneratedDesign, VariantOptions } from './generate-types.js';
export { edit, type EditResult } from './edit/edit.js';
export { EDIT_VOCABULARY } from './edit/parse.js';
export { EditNotUnderstoodError, type EditRefusalReason } from './edit/suggestions.js';
export { EDIT_SUGGESTIONS, type EditSuggestion } from './edit/suggestion-words.js';
export { TOGGLE_NAMES, defaultToggles, normaliseToggles } from './types.js';
export type { DesignToggles, Photo, ToggleName } from './types.js';
export type {
  Recipe,
  DesignStyle,
  PaletteEntry,
  ShapeParams,
  HideFrom,
  CandidateChoice,
} from './recipe/recipe-types.js';
/** Candidate layouts (issue 27 item 4): how many generate() draws per style, and the distance it judges them at. */
export { DEFAULT_CANDIDATES, MAX_CANDIDATES, CHOICE_DISTANCE_M } from './candidates.js';
export { renderIndices, type RenderOptions, type RenderedTile } from './render/render.js';
export { layerGrids, layerCosts, type RenderReuse } from './render/layer-fields.js';
export { photoStats, type PhotoStats } from './metrics/photo-stats.js';
export {
  measureDesign,
  failedTargets,
  indexRgb,
  type DesignMeasures,
  type IndexedImage,
} from './metrics/design-metrics.js';
/** Colour tools for other generators that must end in the engine's kind of palette (k-means in CIELAB). */
export { rgbToLab, labToRgb, type Lab } from './color/lab.js';
export { kmeansLab, type Cluster, type LabPoints } from './metrics/kmeans.js';
/** Predicted concealment: the targets, the one compositor, observers and the predictor (decision 016). */
export { silhouettes, type Placement, type Silhouette } from './concealment/silhouettes.js';
export { composeTarget, meanColour, prepareDesign, sceneOf, type Scene } from './concealment/compose.js';
export {
  DISTANCES_M,
  OBSERVERS,
  PHOTO_FOV_DEG,
  viewGeometry,
  type Observer,
  type ObserverId,
} from './concealment/observers.js';
export {
  DEFAULT_WEIGHTS,
  MEASURE_NAMES,
  expectedHiddenSeconds,
  measureAt,
  meanAndError,
  observerView,
  pairedGap,
  predictConcealment,
  predictConcealmentTable,
  predictedHiding,
  predictedMedianSeconds,
  preparePhoto,
  LAYOUT_SD,
  MIN_NAMED_GAP,
  RELIABLE_GAP_SE,
  reliableGap,
  sampleHiding,
  type ConcealmentInput,
  type ConcealmentMeasures,
  type ConcealmentResult,
  type ConcealmentRow,
  type ConcealmentTableInput,
  type ObserverViewInput,
  type PredictorWeights,
  type OutOfRange,
  type PreparedPhoto,
  type Wearing,
} from './concealment/predictor.js';
/** The time model's size term: a target's angular height at a distance, or in a photo (decision 029). */
export {
  expectedMinSeconds,
  HUNTER_HEIGHT_M,
  targetDegrees,
  targetDegreesInPhoto,
} from './concealment/model.js';
/** Where the targets stand at each distance and which parts of the pattern they show (decision 028). */
export {
  CAMERA_HEIGHT_M,
  CLOSE_UP_WIDTH_M,
  standAt,
  type PhotoDepth,
  type Sample,
  type Stand,
} from './concealment/placement.js';
/** Which designs suit someone's own ground (issue 28, decision 018): features, the two passes, the viewer. */
export {
  FEATURE_TILE_PX,
  designFeatures,
  featureTile,
  firstPassMeasures,
  groundMeasures,
  groundProfile,
  groundView,
  prepareGround,
  type DesignFeatures,
  type GroundProfile,
  type PreparedGround,
  type SeenDesign,
  type Worn,
} from './concealment/ground-match.js';
/** Hide and seek's scenes, made anew for every round from a photo's ground (decision 024). */
export {
  sceneRecipe,
  synthesiseScene,
  type SceneRecipe,
  type SynthesisedScene,
} from './concealment/scene-synthesis.js';
/** The engine's seeded stream, for a round's own choices beside its scene's. */
export { mulberry32 } from './metrics/prng.js';
export { breed, canBreed, BREED_TRIES, type BredChild } from './breed/breed.js';
export { blobDistances, type BlobDistances, type IndexedDesign } from './vision/blob-distances.js';
export { HOW_IT_WAS_MADE } from './text/describe.js';
