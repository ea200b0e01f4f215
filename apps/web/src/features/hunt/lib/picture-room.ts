/**
 * The room a round's picture has on this screen, asked for when the round starts (the server
 * makes the picture at its shape, decision 024) and kept when it is shown.
 */

/** A short landscape screen (a phone turned): the picture beside the round's words, not under them. */
export const SHORT_LANDSCAPE = '(orientation: landscape) and (max-height: 500px)';

/** The side column's width in the short landscape layout (13rem) and the gap beside it (1rem). */
const SIDE_PX = 208 + 16;
/** The page's padding either side, and below the picture. */
const PAD_PX = 16;
/** Above the picture in the upright layout: the page's padding, the title row, the timer bar and the gaps between. */
const ABOVE_PX = 12 + 32 + 12 + 6 + 12;
/** Below it: the result and Next round (kept from the start; 9.5rem, 6rem from 640 px wide). */
const BELOW_PX = (width: number) => (width >= 640 ? 96 : 152) + 12;
/** The widest the page's column gets (max-w-5xl less its padding). */
const COLUMN_PX = 1024 - 48;

export const isShortLandscape = () =>
  typeof window !== 'undefined' && window.matchMedia(SHORT_LANDSCAPE).matches;

/** The room for the picture in CSS pixels, and the screen's pixel ratio. */
export function pictureRoom(): { width: number; height: number; pixelRatio: number } {
  const w = window.innerWidth;
  const h = window.innerHeight;
  const pixelRatio = Math.min(5, Math.max(0.5, window.devicePixelRatio || 1));
  // Where the page's content starts when the round shows it from the top (notices, the header).
  const main = document.querySelector('main');
  const header = main ? main.getBoundingClientRect().top + window.scrollY : 64;
  if (isShortLandscape())
    return {
      width: Math.max(160, Math.floor(w - SIDE_PX - 2 * PAD_PX)),
      height: Math.max(120, Math.floor(h - header - PAD_PX)),
      pixelRatio,
    };
  return {
    width: Math.max(160, Math.floor(Math.min(w - PAD_PX, COLUMN_PX))),
    height: Math.max(120, Math.floor(h - header - ABOVE_PX - BELOW_PX(w) - PAD_PX)),
    pixelRatio,
  };
}
