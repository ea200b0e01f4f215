import { limits } from './limits.js';

/**
 * Spec §3: a random design name combines an adjective-like word and a nature noun. The original's
 * lists are not shown; these are ours, in the woods-and-field voice of the site.
 */
export const nameAdjectives = [
  'Silent',
  'Hidden',
  'Shadow',
  'Ghost',
  'Whispering',
  'Frosted',
  'Rusty',
  'Mossy',
  'Dusky',
  'Misty',
  'Timber',
  'Wild',
  'Quiet',
  'Stalking',
  'Muddy',
  'Sunlit',
  'Stormy',
  'Dappled',
  'Wandering',
  'Still',
  'Smoky',
  'Ashen',
  'Golden',
  'Autumn',
  'Winter',
  'Spring',
  'Summer',
  'Midnight',
  'Dawn',
  'Twilight',
  'Rugged',
  'Broken',
  'Tangled',
  'Weathered',
  'Fallen',
  'Hollow',
  'Drifting',
  'Burnt',
  'Copper',
  'Iron',
  'Granite',
  'Cedar',
  'Sage',
  'Thorny',
  'Windswept',
  'Lone',
  'Crooked',
  'Feral',
  'Stealthy',
  'Sly',
  'Creeping',
  'Faded',
  'Shaded',
  'Northern',
  'Southern',
  'Eastern',
  'Western',
  'High',
  'Low',
  'Deep',
  'Frozen',
  'Dusty',
  'Sandy',
  'Rocky',
  'Marsh',
  'Swamp',
  'Prairie',
  'Canyon',
  'Backwoods',
  'Red',
  'Grey',
  'Olive',
  'Tawny',
  'Russet',
  'Umber',
] as const;

export const nameNouns = [
  'Ridge',
  'Timber',
  'Hollow',
  'Creek',
  'Marsh',
  'Prairie',
  'Canyon',
  'Bluff',
  'Thicket',
  'Meadow',
  'Pine',
  'Oak',
  'Cedar',
  'Aspen',
  'Willow',
  'Birch',
  'Sage',
  'Cattail',
  'Bramble',
  'Fern',
  'Moss',
  'Lichen',
  'Bark',
  'Stump',
  'Branch',
  'Root',
  'Leaf',
  'Acorn',
  'Thorn',
  'Reed',
  'Stone',
  'Boulder',
  'Gravel',
  'Shale',
  'Mesa',
  'Butte',
  'Gulch',
  'Ravine',
  'Valley',
  'Summit',
  'Slough',
  'Bayou',
  'Delta',
  'Bottomland',
  'Flats',
  'Dune',
  'Tundra',
  'Glade',
  'Grove',
  'Brush',
  'Elk',
  'Whitetail',
  'Mallard',
  'Turkey',
  'Coyote',
  'Bobcat',
  'Hawk',
  'Owl',
  'Heron',
  'Badger',
  'Fox',
  'Wolf',
  'Bear',
  'Pheasant',
  'Grouse',
  'Quail',
  'Drift',
  'Frost',
  'Ember',
  'Dusk',
  'Storm',
  'Fog',
  'Trail',
  'Ledge',
  'Spruce',
] as const;

const pick = <T>(list: readonly T[], random: () => number): T =>
  list[Math.min(list.length - 1, Math.floor(random() * list.length))]!;

/**
 * Words that belong to one kind of ground, found by the words of its description: a name drawn for
 * a snow pattern is not "Dusty Oak", nor one for autumn leaves "Spring Dusk" (issue 40).
 */
const grounds: { words: RegExp; adjectives: readonly string[]; nouns: readonly string[] }[] = [
  {
    words: /\b(snow\w*|winter|frost\w*|ic[ey]|frozen|tundra)\b/i,
    adjectives: ['Frosted', 'Frozen', 'Winter', 'Northern', 'Windswept', 'Ashen', 'Grey'],
    nouns: ['Drift', 'Frost', 'Tundra', 'Ridge', 'Spruce', 'Birch', 'Ledge'],
  },
  {
    words: /\b(desert|sand\w*|dune\w*|mesa|juniper|creosote|arroyo|wash|sagebrush|cact\w+|red dirt)\b/i,
    adjectives: ['Dusty', 'Sandy', 'Canyon', 'Sunlit', 'Tawny', 'Burnt', 'Western', 'Copper'],
    nouns: ['Mesa', 'Butte', 'Dune', 'Gulch', 'Sage', 'Flats', 'Coyote', 'Canyon'],
  },
  {
    words: /\b(marsh\w*|swamp\w*|wetland\w*|cattail\w*|reed\w*|bayou|slough|bog|flooded|duck\w*)\b/i,
    adjectives: ['Marsh', 'Swamp', 'Misty', 'Muddy', 'Drifting', 'Low', 'Olive'],
    nouns: ['Cattail', 'Reed', 'Slough', 'Bayou', 'Delta', 'Bottomland', 'Mallard', 'Heron'],
  },
  {
    words: /\b(autumn|fall|leaf|leaves|acorns?|maple)\b/i,
    adjectives: ['Autumn', 'Russet', 'Fallen', 'Rusty', 'Copper', 'Golden', 'Umber'],
    nouns: ['Leaf', 'Acorn', 'Oak', 'Timber', 'Hollow', 'Whitetail', 'Turkey'],
  },
  {
    words: /\b(grass\w*|prairie|field|pasture|meadow|wheat|hay)\b/i,
    adjectives: ['Prairie', 'Golden', 'Windswept', 'Sunlit', 'Tawny', 'Wild'],
    nouns: ['Meadow', 'Prairie', 'Flats', 'Pheasant', 'Quail', 'Thicket'],
  },
  {
    words: /\b(rock\w*|stone\w*|boulder\w*|gravel|scree|granite|cliff\w*|talus)\b/i,
    adjectives: ['Granite', 'Rocky', 'Weathered', 'Grey', 'Iron', 'Broken'],
    nouns: ['Stone', 'Boulder', 'Ledge', 'Bluff', 'Shale', 'Gravel'],
  },
  {
    words: /\b(forest|woods?|timber|pines?|oaks?|spruce|fir|cedar|trees?|bark|moss\w*)\b/i,
    adjectives: ['Timber', 'Shadow', 'Mossy', 'Backwoods', 'Shaded', 'Dappled', 'Deep'],
    nouns: ['Pine', 'Oak', 'Timber', 'Cedar', 'Bark', 'Moss', 'Hollow', 'Whitetail'],
  },
];

/** Words that fit any ground: a ground's own words are mixed with these. */
const anyGround = {
  adjectives: ['Silent', 'Hidden', 'Ghost', 'Quiet', 'Still', 'Stealthy', 'Lone', 'Creeping'],
  nouns: ['Trail', 'Ridge', 'Brush', 'Stump', 'Root'],
};

/**
 * "Silent Ridge": an adjective-like word and a different nature noun, within the 50-character
 * limit. Given the design's description, the words come from its kind of ground (and a few that
 * fit any), so a snow pattern is not named for dust; without one, or for ground it does not know,
 * from the whole lists.
 */
export function randomDesignName(random: () => number = Math.random, description = ''): string {
  const ground = grounds.find((g) => g.words.test(description));
  const adjectives: readonly string[] = ground
    ? [...ground.adjectives, ...anyGround.adjectives]
    : nameAdjectives;
  const nouns: readonly string[] = ground ? [...ground.nouns, ...anyGround.nouns] : nameNouns;
  const adjective = pick(adjectives, random);
  let noun: string = pick(nouns, random);
  // "Timber Timber" reads as a typo: take the next noun instead.
  if (noun === adjective) noun = nouns[(nouns.indexOf(noun) + 1) % nouns.length]!;
  return `${adjective} ${noun}`.slice(0, limits.designNameMax);
}
