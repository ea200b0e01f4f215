/**
 * What generate() takes and gives: its input (the photo, its context, toggles, seed and
 * candidates), the designs and the analysis it returns, and the options of one variant.
 */
import type { PhotoAnalysis } from './analysis/analyse.js';
import type { PreparedPhoto } from './concealment/predictor.js';
import type { DesignStyle, HideFrom, Recipe } from './recipe/recipe-types.js';
import type { RenderReuse } from './render/layer-fields.js';
import type { DesignToggles, Photo } from './types.js';

export interface GenerateInput {
  photo: Photo;
  /** How the ground palette is chosen (AnalyseContext.palette, decision 023); default 'typical'. */
  palette?: 'greedy' | 'typical';
  description?: string;
  /** The two-letter code of a US state. */
  state?: string;
  /** The state's name, for the texts (the engine keeps no list of names; default: the code). */
  stateName?: string;
  county?: string;
  toggles?: Partial<DesignToggles> | null;
  seed?: number;
  /**
   * Whose eyes each style's layout is chosen against, at 25 m (the create form's choice): 'deer'
   * by default.
   */
  hideFrom?: HideFrom;
  /**
   * Candidate layouts drawn per style (1 to 16; default DEFAULT_CANDIDATES). 1 is the engine before
   * issue 27 item 4, byte for byte.
   */
  candidates?: number;
}

export interface GeneratedDesign {
  /** 'A' or 'B'. */
  variant: 'A' | 'B';
  style: DesignStyle;
  designId: string;
  promptId: string;
  prompt: string;
  markdownAnalysis: string;
  /** 1024 x 1024 indexed PNG bytes (transferable). */
  png: Uint8Array;
  /** Plain JSON; `recipe.id` is the reference a later edit builds on. */
  recipe: Recipe;
}

export interface GenerateResult {
  analysis: PhotoAnalysis;
  designs: [GeneratedDesign, GeneratedDesign];
}

/** Options of generateVariant. */
export interface VariantOptions {
  /**
   * Layer fields of the variant's first recipe (firstRecipe()) at DESIGN_SIZE, some or all,
   * computed elsewhere (layerGrids() on another thread); see RenderOptions.grids.
   */
  firstGrids?: readonly Float32Array[];
  /** Warped positions already computed for the first recipe (by layerGrids with this reuse). */
  reuse?: RenderReuse;
  /** The photo prepared for the predictor (preparePhoto), when A and B share one. */
  prepared?: PreparedPhoto;
}
