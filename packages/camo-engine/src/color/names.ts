import { ciede2000 } from '../metrics/ciede2000.js';
import { hexToRgb, rgbToLab, type Lab } from './lab.js';

/** Swatch names in the vocabulary of camouflage and outdoor gear, matched by CIEDE2000. */
const NAMED: [string, string][] = [
  ['olive drab', '#4b5320'],
  ['olive', '#6b6b3a'],
  ['coyote brown', '#81613c'],
  ['khaki', '#c3b091'],
  ['tan', '#c8a97e'],
  ['sand', '#c2b280'],
  ['desert sand', '#e0c9a6'],
  ['field drab', '#6c541e'],
  ['ranger green', '#4a5240'],
  ['foliage green', '#7a8566'],
  ['forest green', '#2f4a2c'],
  ['hunter green', '#355e3b'],
  ['leaf green', '#5e8a3a'],
  ['grass green', '#7f9c45'],
  ['moss green', '#8a9a5b'],
  ['sage', '#9caf88'],
  ['lichen', '#b0b48a'],
  ['loden', '#3f4a33'],
  ['pine green', '#243626'],
  ['earth brown', '#6b4f3a'],
  ['bark brown', '#4a3728'],
  ['chocolate', '#3d2a1e'],
  ['mud', '#70543e'],
  ['clay', '#b06a4f'],
  ['peat', '#2e2621'],
  ['reed tan', '#b9a37a'],
  ['straw', '#d8c27a'],
  ['wheat', '#e3d2a5'],
  ['ochre', '#c4872b'],
  ['mustard', '#b8942f'],
  ['autumn gold', '#d9a233'],
  ['burnt orange', '#c0581e'],
  ['rust', '#9c4a22'],
  ['red rock', '#a65436'],
  ['brick red', '#8b3a2b'],
  ['maroon', '#5e2a2a'],
  ['black', '#161616'],
  ['charcoal', '#33363a'],
  ['graphite', '#4a4b50'],
  ['slate grey', '#6a737d'],
  ['stone grey', '#918d84'],
  ['concrete', '#aaa9a3'],
  ['ash grey', '#b8bdb6'],
  ['fog grey', '#cfd2d2'],
  ['snow white', '#f2f4f3'],
  ['ice blue', '#cfe0e8'],
  ['sky blue', '#8fbcdc'],
  ['steel blue', '#4f6d8a'],
  ['sea blue', '#2e6f8e'],
  ['navy', '#25324a'],
  ['teal', '#3f7a74'],
  ['heather', '#8e7ca3'],
];

/** The camouflage and outdoor-gear colour names, name to hex. */
export const NAMED_COLOURS: readonly (readonly [string, string])[] = NAMED;

const NAMED_LAB: { name: string; lab: Lab }[] = NAMED.map(([name, hex]) => {
  const [r, g, b] = hexToRgb(hex);
  return { name, lab: rgbToLab(r, g, b) };
});

export function colourName(lab: Lab): string {
  let best = NAMED_LAB[0]?.name ?? 'grey';
  let bestD = Infinity;
  for (const n of NAMED_LAB) {
    const d = ciede2000(lab, n.lab);
    if (d < bestD) {
      bestD = d;
      best = n.name;
    }
  }
  return best;
}

/** Lab of a colour word used in edits and descriptions ('green', 'brown', 'olive drab', ...). */
export const COLOUR_WORDS: Record<string, string> = {
  green: '#4f6b3a',
  olive: '#6b6b3a',
  brown: '#6b4f3a',
  tan: '#c8a97e',
  khaki: '#c3b091',
  sand: '#c2b280',
  beige: '#d8c8a8',
  black: '#161616',
  grey: '#808080',
  gray: '#808080',
  white: '#f2f4f3',
  blue: '#4f6d8a',
  red: '#9c3a2b',
  orange: '#c0681e',
  yellow: '#c9b040',
  gold: '#d9a233',
  rust: '#9c4a22',
  coyote: '#81613c',
  ochre: '#c4872b',
  purple: '#6e5a86',
};
