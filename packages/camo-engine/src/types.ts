import { designToggleNames, type DesignToggleName, type DesignToggles } from '@camo/shared/vocabulary';

/** A decoded image: `data` holds RGBA (4 channels) or RGB (3 channels) bytes, row-major. */
export interface Photo {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The nine design-element toggles of the create-design form, named once for the site and the engine. */
export const TOGGLE_NAMES = designToggleNames;
export type ToggleName = DesignToggleName;
/** The toggles a design is drawn with; all default to false. */
export type { DesignToggles };

export function defaultToggles(): DesignToggles {
  return {
    blobs: false,
    contourLines: false,
    speckledDots: false,
    geometricShapes: false,
    organicObjects: false,
    highContrast: false,
    limitedPalette: false,
    outlineStrokes: false,
    whiteSpace: false,
  };
}

export function normaliseToggles(partial?: Partial<Record<string, unknown>> | null): DesignToggles {
  const out = defaultToggles();
  if (!partial) return out;
  for (const name of TOGGLE_NAMES) out[name] = partial[name] === true;
  return out;
}

export function channelsOf(photo: Photo): 3 | 4 {
  const n = photo.width * photo.height;
  if (photo.data.length === n * 4) return 4;
  if (photo.data.length === n * 3) return 3;
  throw new Error(
    `photo data has ${photo.data.length} bytes; expected ${n * 3} (RGB) or ${n * 4} (RGBA) for ${photo.width}x${photo.height}`,
  );
}
