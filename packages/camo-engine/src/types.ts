/** A decoded image: `data` holds RGBA (4 channels) or RGB (3 channels) bytes, row-major. */
export interface Photo {
  width: number;
  height: number;
  data: Uint8Array;
}

export const TOGGLE_NAMES = [
  'blobs',
  'contourLines',
  'speckledDots',
  'geometricShapes',
  'organicObjects',
  'highContrast',
  'limitedPalette',
  'outlineStrokes',
  'whiteSpace',
] as const;

export type ToggleName = (typeof TOGGLE_NAMES)[number];

/** The nine design-element toggles of the create-design form; all default to false. */
export type DesignToggles = Record<ToggleName, boolean>;

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
