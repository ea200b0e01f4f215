/**
 * Who and what `npm run seed` puts in a fresh instance: people, the places their photos come
 * from (the engine's fixture photos), the names they give their designs, their stories and
 * comments. Plain data; seed-community.ts turns it into records through the server's services.
 */

export interface SeedPerson {
  name: string;
  /** Local part of the seeded e-mail address (`<handle>@community.example`). */
  handle: string;
}

export const people: SeedPerson[] = [
  { name: 'Jake Morrison', handle: 'jake.morrison' },
  { name: 'Emily Carter', handle: 'emily.carter' },
  { name: 'Travis Boone', handle: 'travis.boone' },
  { name: 'Hannah Whitfield', handle: 'hannah.whitfield' },
  { name: 'Cody Ramirez', handle: 'cody.ramirez' },
  { name: 'Megan Doyle', handle: 'megan.doyle' },
  { name: 'Luke Patterson', handle: 'luke.patterson' },
  { name: 'Sarah Lindqvist', handle: 'sarah.lindqvist' },
  { name: 'Dale Hutchins', handle: 'dale.hutchins' },
  { name: 'Rosa Delgado', handle: 'rosa.delgado' },
  { name: 'Wyatt Crenshaw', handle: 'wyatt.crenshaw' },
  { name: 'Kayla Brooks', handle: 'kayla.brooks' },
  { name: 'Ben Okafor', handle: 'ben.okafor' },
  { name: 'Abby Kowalski', handle: 'abby.kowalski' },
  { name: 'Garrett Lane', handle: 'garrett.lane' },
  { name: 'Tina Nguyen', handle: 'tina.nguyen' },
  { name: 'Colt Harper', handle: 'colt.harper' },
  { name: 'Jenna Sorensen', handle: 'jenna.sorensen' },
  { name: 'Marcus Bell', handle: 'marcus.bell' },
  { name: 'Lacey Dupree', handle: 'lacey.dupree' },
  { name: 'Hank Feldman', handle: 'hank.feldman' },
  { name: 'Paige Whitaker', handle: 'paige.whitaker' },
  { name: 'Eli Stroud', handle: 'eli.stroud' },
  { name: 'Nora Blackfeather', handle: 'nora.blackfeather' },
  { name: 'Shane McAllister', handle: 'shane.mcallister' },
  { name: 'Brooke Tanner', handle: 'brooke.tanner' },
  { name: 'Ray Castellano', handle: 'ray.castellano' },
  { name: 'Molly Jansen', handle: 'molly.jansen' },
  { name: 'Dustin Pruitt', handle: 'dustin.pruitt' },
  { name: 'Carrie Ostrowski', handle: 'carrie.ostrowski' },
  { name: 'Tommy Redcloud', handle: 'tommy.redcloud' },
  { name: 'Lydia Marsh', handle: 'lydia.marsh' },
  { name: 'Clint Yoder', handle: 'clint.yoder' },
  { name: 'Amber Kessler', handle: 'amber.kessler' },
  { name: 'Wes Holloway', handle: 'wes.holloway' },
  { name: 'Jolene Prater', handle: 'jolene.prater' },
];

/**
 * A place a photo was taken: a fixture photo of packages/camo-engine/fixtures with what its
 * taker wrote about it. Each scene is generated once and gives two designs (A and B), chosen
 * and named by two different people.
 */
export interface SeedScene {
  photo: string;
  state: string;
  county: string;
  description: string;
  /** The two names its designs are submitted under (design A, design B). */
  names: [string, string];
}

export const scenes: SeedScene[] = [
  {
    photo: 'forest',
    state: 'MO',
    county: 'Shannon',
    description: 'Ozark hardwood timber, oak and hickory with leaf litter',
    names: ['Ozark Ridge Timber', 'Hickory Shadow'],
  },
  {
    photo: 'desert',
    state: 'AZ',
    county: 'Pima',
    description: 'Dry grey mud in a desert wash, crusted and cracked',
    names: ['Sonoran Dust', 'Wash Ghost'],
  },
  {
    photo: 'marsh',
    state: 'LA',
    county: 'Cameron',
    description: 'Cattails and marsh grass at the water line',
    names: ['Cattail Whisper', 'Bayou Reed'],
  },
  {
    photo: 'rock',
    state: 'CO',
    county: 'Chaffee',
    description: 'Granite ridge with lichen and low scrub',
    names: ['Granite Stalker', 'Lichen Ledge'],
  },
  {
    photo: 'grassland',
    state: 'NE',
    county: 'Cherry',
    description: 'Green sheep pasture with rough grass in front',
    names: ['Sandhills Pasture', 'Green Flats'],
  },
  {
    photo: 'snow',
    state: 'MN',
    county: 'Lake',
    description: 'Fresh snow over spruce and birch',
    names: ['Boundary Frost', 'Birch Snowline'],
  },
  {
    photo: 'autumn',
    state: 'PA',
    county: 'Potter',
    description: 'Maple and beech woods in October color',
    names: ['Allegheny Fall', 'Rusty Maple'],
  },
  {
    photo: 'cornfield',
    state: 'IA',
    county: 'Story',
    description: 'Standing corn, looking down a row',
    names: ['Corn Row', 'Harvest Edge'],
  },
  {
    photo: 'bark',
    state: 'GA',
    county: 'Clinch',
    description: 'Close-up of pine bark on a tree stand trunk',
    names: ['Pine Bark Hollow', 'Longleaf Scale'],
  },
  {
    photo: 'moss-log',
    state: 'WA',
    county: 'Jefferson',
    description: 'Mossy deadfall in rain forest undergrowth',
    names: ['Hoh Moss', 'Deadfall Green'],
  },
  {
    photo: 'mountain-meadow',
    state: 'MT',
    county: 'Park',
    description: 'High meadow with sage and scattered firs',
    names: ['Elk Meadow', 'Sage Saddle'],
  },
  {
    photo: 'alpine-trail',
    state: 'WY',
    county: 'Teton',
    description: 'Rocky alpine trail above the tree line',
    names: ['Talus Walker', 'Above Timberline'],
  },
  {
    photo: 'gravel',
    state: 'NV',
    county: 'Elko',
    description: 'Gravel bench and dry wash in sagebrush country',
    names: ['Basin Gravel', 'Dry Wash Drifter'],
  },
  {
    photo: 'sunset-hill',
    state: 'MT',
    county: 'Park',
    description: 'Grassy hilltop at sunset with patches of old snow',
    names: ['Ridgetop Dusk', 'Last Light'],
  },
  {
    photo: 'urban',
    state: 'IL',
    county: 'Cook',
    description: 'Concrete, rust and weeds along a rail yard',
    names: ['Rail Yard Rust', 'Concrete Jungle'],
  },
  {
    photo: 'storm',
    state: 'KS',
    county: 'Chase',
    description: 'Flint Hills grass under a storm sky',
    names: ['Flint Hills Storm', 'Thunderhead'],
  },
  {
    photo: 'forest',
    state: 'VT',
    county: 'Essex',
    description: 'Northern hardwoods with hemlock, early spring',
    names: ['Green Mountain Stalk', 'Hemlock Hush'],
  },
  {
    photo: 'marsh',
    state: 'AR',
    county: 'Arkansas',
    description: 'Flooded timber edge with buttonbush and reeds',
    names: ['Green Timber Duck', 'Buttonbush Blind'],
  },
  {
    photo: 'grassland',
    state: 'SD',
    county: 'Butte',
    description: 'Green grazing pasture on flat ground',
    names: ['Pasture Line', 'Pheasant Flats'],
  },
  {
    photo: 'desert',
    state: 'NM',
    county: 'Catron',
    description: 'Dried grey clay flat below a mesa',
    names: ['Mesa Mudflat', 'Clay Ghost'],
  },
  {
    photo: 'autumn',
    state: 'MI',
    county: 'Marquette',
    description: 'Aspen and maple in late September',
    names: ['Upper Peninsula Fall', 'Aspen Flicker'],
  },
  {
    photo: 'rock',
    state: 'ID',
    county: 'Custer',
    description: 'Dark rock face with broken ledges and a little scrub',
    names: ['Scree Slope', 'Sawtooth Shade'],
  },
  {
    photo: 'cornfield',
    state: 'OH',
    county: 'Knox',
    description: 'Tall green corn in late summer',
    names: ['Buckeye Corn', 'Green Row'],
  },
  {
    photo: 'snow',
    state: 'ME',
    county: 'Aroostook',
    description: 'Snowy clearcut with young fir',
    names: ['North Woods Winter', 'Fir Flurry'],
  },
];

/** Stories some designers tell about their pattern (spec: optional designer's story). */
export const stories: string[] = [
  'Took this photo from my stand the morning I got my first buck. Wanted a pattern that matched that exact spot.',
  'My grandfather hunted this ridge for forty years. This one is for him.',
  'Made this for late-season bowhunting when everything turns brown and gray.',
  "I kept getting busted by turkeys on this field edge. Let's see if this helps.",
  'Shot the photo while scouting in August; the colors held up all the way into November.',
  'Built this for the duck blind. The reeds there are more yellow than any store-bought camo.',
  'Tried to catch the way the light breaks up under the canopy around noon.',
  'For my kids, who are just getting into hunting. They picked the colors.',
];

export const commentTexts: string[] = [
  'This would disappear in my woods. Great work!',
  'Love the color balance on this one.',
  'Would wear this in a heartbeat.',
  'That breakup pattern is spot on.',
  'Looks just like the creek bottoms back home.',
  'How did you get the shadows to look that natural?',
  'Perfect for early season.',
  'The browns are a little warm for my area but I still like it.',
  'Clean design. Voted!',
  'This is the one to beat this month.',
  'Would look great on a pack cover.',
  'Nice! I can barely make out the edges from across the room.',
  'My buddy needs this for his blind.',
  'Reminds me of hunting with my dad.',
  'Solid pattern. Needs a hat to match.',
  'The texture really sells it up close.',
  'Great contrast at a distance.',
  'This is what I have been looking for.',
  'Beautiful. Where was the photo taken?',
  'Going to order a jacket in this.',
];
