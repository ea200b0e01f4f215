import type { Lab } from '../color/lab.js';
import type { DesignToggles } from '../types.js';

export type DesignStyle = 'organic' | 'digital';

/** Whose eyes generate() picks a design's layout against (the concealment observers' ids). */
export type HideFrom = 'deer' | 'person';

/**
 * How generate() chose this recipe among candidate layouts (issue 27 item 4): candidate `candidate`
 * of `of` (0: the recipe a one-candidate engine draws), predicted to hide best from `hideFrom` at
 * `distanceM` on a preview; `hiding` is that preview's predicted hiding (0-100) and `firstHiding`
 * candidate 0's. `fellBack` says the best candidate's design missed a target that candidate 0's
 * met, so candidate 0 was kept. Absent when one candidate was drawn or none could be scored.
 */
export interface CandidateChoice {
  candidate: number;
  of: number;
  hideFrom: HideFrom;
  distanceM: number;
  hiding: number;
  firstHiding: number;
  fellBack?: string[];
}

export interface PaletteEntry {
  hex: string;
  name: string;
  lab: Lab;
  /** Target share of the tile (before overlays such as dots or outlines are drawn). */
  share: number;
  /** 'photo': a colour cluster of the photo; 'shadow': an added darker tone; 'light': an added open-ground tone. */
  role: 'photo' | 'shadow' | 'light';
}

/**
 * One painted layer. Layer 0 is the ground and has no field; layer k >= 1 covers the pixels where
 * its fractal field exceeds the threshold that gives it `share` of the tile, unless a higher layer
 * already covers them.
 */
export interface LayerSpec {
  colour: number;
  share: number;
  periodX: number;
  periodY: number;
  octaves: number;
  persistence: number;
  seed: number;
  /** Straight-edged shards: the field is read at the Voronoi site of each point. */
  shards: boolean;
  /**
   * Tone-on-tone detail: the layer paints only inside the area that the main (unconfined) layers
   * give to this palette colour, and its share is taken from that area.
   */
  within?: number;
  /**
   * A field value that the layer starts at, fixed by an edit instead of the quantile that gives it
   * `share` (the same fields with the same thresholds paint the same pixels, so an edit that
   * changes one layer leaves the others where they were). Absent: from `share`.
   */
  threshold?: number;
  /**
   * Set by an edit that removed this layer's colour: where the layer would show, the pixel takes
   * the colour of the region nearest across the layer's edge (estimated from the fields: each
   * neighbouring layer's field gap to its threshold, in units of its spread), so the area goes to
   * the spatial neighbours. A confined layer with `fill` was confined to the removed colour and
   * still draws inside its region (its `within` then names the fallback). `colour` of a main
   * layer with `fill` is only a fallback for readers that ignore this.
   */
  fill?: boolean;
}

export interface Overlays {
  dots?: { colour: number; count: number; radius: number; seed: number };
  /**
   * Snow lying on the upper edges of shapes (a winter edit): in every column, the top of each
   * run of one colour takes `colour` down to a depth that varies along the row (at most `depth`
   * of the tile side, at most half the run), so it sits on the shapes as snow on ledges and
   * branches does. Drawn on the torus after everything else, so the tile still wraps.
   */
  snow?: {
    colour: number;
    depth: number;
    seed: number;
    /**
     * Only on runs at least this tall (a share of the tile side): on speckle and slivers snow
     * reads as an outline. Absent: every run.
     */
    minRun?: number;
    /**
     * With it, the organic style's snow lies on every run (no `minRun`), each run's as deep as
     * the column's depth times the square root of the run's height over this share of the tile
     * side (at most half the run): deeper on tall shapes, a dusting on speckle, and no run left
     * out, so the snow's edges follow the design's own (G5: the cut stays a typical line).
     * Without it, every run takes the column's depth (snow laid before 2026-11-29 renders as it was).
     */
    tallRun?: number;
  };
  contours?: { colour: number; levels: number; halfWidth: number };
  outlines?: { colour: number; halfWidth: number };
  objects?: {
    leafColours: number[];
    /**
     * How often each of `leafColours` is drawn (its share of the tile): a small colour gets few
     * leaves, so its leaves do not outweigh its own shapes. Without it (recipes made before), each
     * colour is drawn equally often.
     */
    leafWeights?: number[];
    branchColour: number;
    leaves: number;
    branches: number;
    size: number;
    seed: number;
  };
}

/** Shape parameters that edits and cues adjust; kept in the recipe so edits compose. */
export interface ShapeParams {
  /** Multiplies shape size (periods are divided by it). */
  scale: number;
  /** Vertical elongation (> 1: taller than wide). */
  stretch: number;
  /** Hurst exponent of the layer fields: 0 rough and fractal, 1 smooth. */
  hurst: number;
  warp: number;
  angular: boolean;
  /** Set by an edit that asks for brush strokes or stripes: a wider elongation range. */
  strokes?: boolean;
}

/** Everything needed to re-render a design at any size; plain JSON. */
export interface Recipe {
  kind: 'camo-engine/recipe';
  version: 1;
  /** Stable hash of the rest of the recipe. */
  id: string;
  style: DesignStyle;
  seed: number;
  palette: PaletteEntry[];
  layers: LayerSpec[];
  warp: { amount: number; period: number; seed: number };
  /** Digital style: cells per tile side (the 'pixel' size is tile/cells). */
  cells: number;
  /**
   * Digital style, rough photos: sub-cell texture. `share` of the cells take the colour found up
   * to `reach` cells away (hash of the cell's torus position and `seed`). Absent: no grain.
   */
  grain?: { share: number; reach: number; seed: number };
  shardSites: number;
  overlays: Overlays;
  toggles: DesignToggles;
  context: { description: string; state: string; county: string };
  /** Texture figures of the photo the recipe was built from (for the analysis text and edits). */
  photo: { slope: number; meanL: number; stdL: number };
  shape: ShapeParams;
  /**
   * Where the torus is cut open into a square, as fractions of the tile. The pattern has no seam
   * anywhere, so any cut tiles; the engine cuts along a typical line so that even the statistics of
   * the edge pixels match the interior.
   */
  origin: { x: number; y: number };
  /** Text edits applied so far, oldest first. */
  edits: string[];
  /** Which candidate layout generate() kept, and why; `seed` above is that candidate's. */
  choice?: CandidateChoice;
}
