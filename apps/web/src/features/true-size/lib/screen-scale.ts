import { storedChoice } from '@/lib/stored-choice';

/**
 * How many CSS pixels make a millimetre on this screen (issue 45 item 3). No browser reports a
 * screen's physical size: CSS defines its inch as 96 px, so a CSS centimetre is 37.8 px whatever
 * the screen, and only a measurement against something of known size tells the truth. We use a
 * bank card (ISO/IEC 7810 ID-1, 85.60 x 53.98 mm), which nearly everyone has at hand.
 */
export const CARD_MM = { long: 85.6, short: 53.98 } as const;

/** CSS's own scale, 96 px to the 25.4 mm inch: what a page shows until the screen is calibrated. */
export const CSS_PX_PER_MM = 96 / 25.4;

/** The calibration's bounds: from a large monitor far from CSS's inch to a dense phone. */
export const PX_PER_MM_RANGE = { min: 1.5, max: 10 } as const;

/** Where the browser remembers the calibration. */
export const SCREEN_SCALE_KEY = 'screen-scale';

export interface ScreenScale {
  pxPerMm: number;
  /** Measured against a card on this screen at this zoom; false: CSS's inch, a guess. */
  calibrated: boolean;
}

const uncalibrated: ScreenScale = { pxPerMm: CSS_PX_PER_MM, calibrated: false };

export const clampPxPerMm = (value: number) =>
  Math.min(PX_PER_MM_RANGE.max, Math.max(PX_PER_MM_RANGE.min, value));

const currentRatio = () => (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1);

/**
 * The stored calibration, if it was made at this device pixel ratio: zooming the page or moving it
 * to another screen changes the ratio and with it how big a CSS pixel is, so a calibration made
 * before no longer holds and the page says so.
 */
export function parseScreenScale(raw: string | null): ScreenScale {
  if (!raw) return uncalibrated;
  try {
    const stored = JSON.parse(raw) as { pxPerMm?: unknown; ratio?: unknown };
    const { pxPerMm, ratio } = stored;
    if (typeof pxPerMm !== 'number' || typeof ratio !== 'number' || !Number.isFinite(pxPerMm))
      return uncalibrated;
    if (Math.abs(ratio - currentRatio()) > 1e-3) return uncalibrated;
    return { pxPerMm: clampPxPerMm(pxPerMm), calibrated: true };
  } catch {
    return uncalibrated;
  }
}

/** The stored text of a calibration: its scale and the device pixel ratio it was made at. */
export const writeScreenScale = (scale: ScreenScale) =>
  scale.calibrated ? JSON.stringify({ pxPerMm: scale.pxPerMm, ratio: currentRatio() }) : '';

const useStoredScale = storedChoice<ScreenScale>(SCREEN_SCALE_KEY, parseScreenScale, uncalibrated);

/** The screen's scale every page shares: calibrated once with a card, remembered on this screen. */
export function useScreenScale(): [ScreenScale, (scale: ScreenScale) => void] {
  return useStoredScale(writeScreenScale);
}
