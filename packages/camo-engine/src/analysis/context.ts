/**
 * How the description, state and county steer a design. Each cue nudges shapes (scale,
 * elongation, roughness, straight edges) and may favour one palette colour a little; the photo
 * stays the source of the colours, so a cue never adds a colour the photo does not have.
 */
import type { StateCode } from '@camo/shared/states';

export interface Cue {
  id: string;
  /** Words that trigger the cue (matched as whole words, case-insensitive). */
  words: string[];
  /** Why the cue matters, for the designer's note. */
  note: string;
  /** Favour the palette colour nearest to this hex (share x 1.25 at full strength). */
  favour?: string;
  /** Vertical elongation of shapes (> 1 makes shapes taller than wide). */
  stretch?: number;
  /** Multiplies the size of the shapes. */
  scale?: number;
  /** Added to the boundary roughness (Hurst exponent; negative is rougher). */
  rough?: number;
  /** Some shapes get straight edges. */
  angular?: boolean;
}

export const CUES: Cue[] = [
  {
    id: 'snow',
    words: ['snow', 'snowy', 'ice', 'icy', 'winter', 'frost', 'glacier', 'tundra'],
    note: 'snow: broad open light areas and fewer, larger dark shapes',
    favour: '#f2f4f3',
    scale: 1.2,
  },
  {
    id: 'pine',
    words: ['pine', 'pines', 'conifer', 'conifers', 'spruce', 'fir', 'evergreen', 'hemlock', 'cedar'],
    note: 'conifers: tall, narrow dark shapes like trunks and crowns',
    favour: '#243626',
    stretch: 1.5,
  },
  {
    id: 'reeds',
    words: [
      'cattail',
      'cattails',
      'reed',
      'reeds',
      'marsh',
      'swamp',
      'wetland',
      'wetlands',
      'bulrush',
      'bog',
      'sedge',
    ],
    note: 'reeds and cattails: strongly vertical, streaky shapes',
    favour: '#b9a37a',
    stretch: 2,
    rough: -0.1,
  },
  {
    id: 'redrock',
    words: ['red rock', 'redrock', 'canyon', 'sandstone', 'mesa', 'butte', 'slickrock'],
    note: 'red rock: larger angular slabs in the rock colours',
    favour: '#a65436',
    angular: true,
    scale: 1.15,
  },
  {
    id: 'rock',
    words: [
      'rock',
      'rocks',
      'rocky',
      'boulder',
      'boulders',
      'granite',
      'scree',
      'cliff',
      'talus',
      'stone',
      'mountain',
    ],
    note: 'rock: some straight-edged, fractured shapes',
    angular: true,
  },
  {
    id: 'desert',
    words: ['desert', 'sand', 'sandy', 'dune', 'dunes', 'arid', 'badlands', 'sagebrush'],
    note: 'desert: large, soft-edged shapes with sparse detail',
    favour: '#c2b280',
    scale: 1.25,
    rough: 0.1,
  },
  {
    id: 'grass',
    words: ['grass', 'grassland', 'prairie', 'meadow', 'pasture', 'field', 'savanna', 'steppe'],
    note: 'grassland: slightly vertical, fine-grained shapes',
    favour: '#7f9c45',
    stretch: 1.3,
    scale: 0.9,
  },
  {
    id: 'forest',
    words: ['forest', 'woods', 'woodland', 'trees', 'timber', 'jungle', 'rainforest'],
    note: 'forest: busy, layered mid-sized shapes',
    scale: 0.9,
    rough: -0.05,
  },
  {
    id: 'autumn',
    words: ['autumn', 'fall', 'leaves', 'foliage', 'hardwood', 'hardwoods', 'oak', 'maple'],
    note: 'autumn leaf litter: warm colours favoured, leaf-sized detail',
    favour: '#c4872b',
    scale: 0.9,
  },
  {
    id: 'urban',
    words: [
      'urban',
      'city',
      'concrete',
      'building',
      'buildings',
      'street',
      'streets',
      'rubble',
      'industrial',
    ],
    note: 'urban: straight-edged, blocky shapes in the concrete tones',
    favour: '#aaa9a3',
    angular: true,
  },
  {
    id: 'water',
    words: ['lake', 'river', 'creek', 'pond', 'shore', 'coast', 'beach', 'bay'],
    note: 'water nearby: smooth, horizontal-leaning shapes',
    stretch: 0.8,
    rough: 0.05,
  },
];

/**
 * Broad biomes per state, most typical first; a prior that the photo and description outweigh.
 * Keyed by the site's own list of states (@camo/shared/states): a state missing here, or one that
 * is not a state, fails the type-check.
 */
const STATE_BIOMES: Record<StateCode, string[]> = {
  AL: ['forest', 'reeds'],
  AK: ['snow', 'pine'],
  AZ: ['desert', 'redrock'],
  AR: ['forest', 'autumn'],
  CA: ['grass', 'pine'],
  CO: ['pine', 'rock'],
  CT: ['forest', 'autumn'],
  DE: ['reeds', 'forest'],
  FL: ['reeds', 'water'],
  GA: ['forest', 'pine'],
  HI: ['forest', 'rock'],
  ID: ['pine', 'rock'],
  IL: ['grass', 'forest'],
  IN: ['grass', 'forest'],
  IA: ['grass'],
  KS: ['grass'],
  KY: ['forest', 'autumn'],
  LA: ['reeds', 'water'],
  ME: ['pine', 'snow'],
  MD: ['forest', 'reeds'],
  MA: ['forest', 'autumn'],
  MI: ['forest', 'snow'],
  MN: ['pine', 'snow'],
  MS: ['forest', 'reeds'],
  MO: ['forest', 'grass'],
  MT: ['pine', 'grass'],
  NE: ['grass'],
  NV: ['desert', 'rock'],
  NH: ['forest', 'snow'],
  NJ: ['forest', 'reeds'],
  NM: ['desert', 'redrock'],
  NY: ['forest', 'autumn'],
  NC: ['forest', 'pine'],
  ND: ['grass', 'snow'],
  OH: ['forest', 'grass'],
  OK: ['grass', 'redrock'],
  OR: ['pine', 'forest'],
  PA: ['forest', 'autumn'],
  RI: ['forest', 'water'],
  SC: ['pine', 'reeds'],
  SD: ['grass', 'rock'],
  TN: ['forest', 'autumn'],
  // Grass for the state; its desert is the far west (COUNTY_BIOMES), not a second 'typically'.
  TX: ['grass'],
  UT: ['redrock', 'desert'],
  VT: ['forest', 'snow'],
  VA: ['forest', 'autumn'],
  WA: ['pine', 'forest'],
  WV: ['forest', 'autumn'],
  WI: ['forest', 'snow'],
  WY: ['grass', 'rock'],
};

/**
 * Counties whose ground is not their state's: these replace the state's biomes, so the analysis
 * names one biome for a place and never two that contradict each other. Texas's Trans-Pecos is
 * Chihuahuan Desert, the rest of the state grass and brush.
 */
const COUNTY_BIOMES: Record<string, Record<string, string[]>> = {
  TX: Object.fromEntries(
    [
      'Brewster',
      'Crane',
      'Culberson',
      'El Paso',
      'Hudspeth',
      'Jeff Davis',
      'Loving',
      'Pecos',
      'Presidio',
      'Reeves',
      'Terrell',
      'Ward',
      'Winkler',
    ].map((county) => [county, ['desert']]),
  ),
};

export interface AppliedCue {
  cue: Cue;
  /** 1 for the description, 0.6 for the county name, 0.35 for the state prior. */
  strength: number;
  source: 'description' | 'county' | 'state';
  matched: string;
}

function findWords(text: string, cue: Cue): string | undefined {
  const lower = ` ${text.toLowerCase().replace(/[^a-z ]+/g, ' ')} `;
  return cue.words.find((w) => lower.includes(` ${w} `));
}

/**
 * Cues from the description (full strength), county name (0.6) and state biomes (0.35). `state` is
 * the two-letter code; `stateName` is how the notes name the state (the engine keeps no list of
 * names: the caller's, or the code when it gives none).
 */
export function contextCues(
  description: string,
  state: string,
  county: string,
  stateName: string = state,
): AppliedCue[] {
  const out: AppliedCue[] = [];
  const seen = new Set<string>();
  for (const cue of CUES) {
    const m = findWords(description, cue);
    if (m) {
      out.push({ cue, strength: 1, source: 'description', matched: m });
      seen.add(cue.id);
    }
  }
  if (county && county !== 'N/A') {
    for (const cue of CUES) {
      if (seen.has(cue.id)) continue;
      const m = findWords(county, cue);
      if (m) {
        out.push({ cue, strength: 0.6, source: 'county', matched: m });
        seen.add(cue.id);
      }
    }
  }
  const code = state.trim().toUpperCase();
  const countyBiomes = county ? COUNTY_BIOMES[code]?.[county] : undefined;
  const place = countyBiomes ? `${county} County, ${stateName}` : stateName;
  for (const id of countyBiomes ?? STATE_BIOMES[code as StateCode] ?? []) {
    if (seen.has(id)) continue;
    const cue = CUES.find((c) => c.id === id);
    if (cue) {
      out.push({ cue, strength: 0.35, source: 'state', matched: place });
      seen.add(id);
    }
  }
  return out;
}

/**
 * Typical ground colours of each biome (hex, share), for photos that show almost nothing but
 * sky. Broad averages of the kind of ground each cue stands for, not any one photo.
 */
const BIOME_COLOURS: Record<string, [string, number][]> = {
  forest: [
    ['#3a4a2c', 0.3],
    ['#56603a', 0.25],
    ['#6b5a3e', 0.2],
    ['#23291c', 0.15],
    ['#8a8a5a', 0.1],
  ],
  pine: [
    ['#2c3b2a', 0.35],
    ['#465038', 0.25],
    ['#4a3a2c', 0.2],
    ['#76704e', 0.2],
  ],
  grass: [
    ['#7f8c4a', 0.35],
    ['#a59a62', 0.25],
    ['#5c6a38', 0.2],
    ['#414b2c', 0.2],
  ],
  desert: [
    ['#c2b280', 0.4],
    ['#a08c64', 0.25],
    ['#d8c8a0', 0.2],
    ['#7a6a50', 0.15],
  ],
  redrock: [
    ['#a65436', 0.35],
    ['#c48a5a', 0.25],
    ['#7a4a32', 0.2],
    ['#d0b08a', 0.2],
  ],
  rock: [
    ['#918d84', 0.35],
    ['#6a6760', 0.25],
    ['#4a4845', 0.2],
    ['#b0aca2', 0.2],
  ],
  snow: [
    ['#eef0f0', 0.45],
    ['#c5cbd0', 0.2],
    ['#5a5e58', 0.2],
    ['#2e3330', 0.15],
  ],
  reeds: [
    ['#b9a37a', 0.35],
    ['#8a7a52', 0.25],
    ['#5c5a3a', 0.2],
    ['#3a3a2a', 0.2],
  ],
  autumn: [
    ['#c4872b', 0.3],
    ['#8b4a22', 0.25],
    ['#5e3f28', 0.25],
    ['#a89060', 0.2],
  ],
  urban: [
    ['#aaa9a3', 0.35],
    ['#7a7a76', 0.25],
    ['#4a4b50', 0.2],
    ['#c8c6c0', 0.2],
  ],
  water: [
    ['#8a8460', 0.3],
    ['#5a5a40', 0.3],
    ['#3a3a30', 0.2],
    ['#b0a888', 0.2],
  ],
};

/** The prior palette of the strongest cue that has one (description first, then county, state). */
export function biomePrior(cues: readonly AppliedCue[]): { id: string; colours: [string, number][] } {
  const best = [...cues].sort((a, b) => b.strength - a.strength).find((c) => BIOME_COLOURS[c.cue.id]);
  const id = best?.cue.id ?? 'grass';
  return { id, colours: BIOME_COLOURS[id] ?? BIOME_COLOURS.grass ?? [] };
}
