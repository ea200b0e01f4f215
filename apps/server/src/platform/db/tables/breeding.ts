import type { Recipe } from '@camo/camo-engine';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StoredEye } from '../types.js';
import { bytea, createdAt } from './columns.js';
import { personRef } from './people.js';

/** Breeding grounds (issue 44, decision 038): designs bred for one place from the game's rounds. */

/** starting (generation 0 being drawn) -> judging <-> breeding (the next generation being drawn). */
export type GroundStatus = 'starting' | 'judging' | 'breeding';

/**
 * A breeding ground: one photo of a place and one style. Its photo is its own copy (a private
 * ground photo expires after 30 days; the ground keeps its copy as long as it lives), here rather
 * than in the file store, whose files are public.
 */
export const breedingGrounds = pgTable(
  'breeding_grounds',
  {
    id: text('id').primaryKey(),
    starterId: personRef('starter_id'),
    /** Where its photo came from: a gallery design's photo, or the starter's own ground photo. */
    source: text('source').$type<'design' | 'ground'>().notNull(),
    /** The gallery design whose photo it is (no foreign key: the design may go, the ground keeps its copy). */
    sourceDesignId: text('source_design_id'),
    /** WebP, at most 1280 px on its longer side. */
    photo: bytea('photo').notNull(),
    /** The photo for the list's cards: WebP, 480 px wide. */
    photoThumb: bytea('photo_thumb').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    state: text('state').notNull(),
    county: text('county').notNull().default(''),
    description: text('description').notNull(),
    /** The engine's style: 'A' organic, 'B' digital (every design of a ground is of one). */
    variant: text('variant').$type<'A' | 'B'>().notNull(),
    /** The site's design toggles the engine draws with (the source design's, or the defaults). */
    toggles: jsonb('toggles').$type<Record<string, boolean>>().notNull().default({}),
    /** The generation being judged (or, while breeding, the last one judged). */
    generation: integer('generation').notNull().default(0),
    status: text('status').$type<GroundStatus>().notNull().default('starting'),
    /** Its settings when it started (BREEDING_POPULATION, BREEDING_JUDGES, and the controls a generation). */
    population: integer('population').notNull(),
    judges: integer('judges').notNull(),
    controls: integer('controls').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('breeding_grounds_created_idx').on(t.createdAt.desc())],
);

/** founder: generation 0's; child: bred from two parents; control: drawn fresh by the engine. */
export type BredKind = 'founder' | 'child' | 'control';

/** A design of a ground: its recipe and image (PNG, 1024 px), and its parents. */
export const bredDesigns = pgTable(
  'bred_designs',
  {
    id: text('id').primaryKey(),
    groundId: text('ground_id')
      .notNull()
      .references(() => breedingGrounds.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<BredKind>().notNull(),
    parentA: text('parent_a'),
    parentB: text('parent_b'),
    /** The generation it was drawn in. */
    born: integer('born').notNull(),
    /** Its place among the designs drawn in that generation (the image's name on its page). */
    ordinal: integer('ordinal').notNull(),
    recipe: jsonb('recipe').$type<Recipe>().notNull(),
    image: bytea('image').notNull(),
    /** Its thumbnail for the pages' tiles (WebP, as the gallery's). */
    thumb: bytea('thumb').notNull(),
    /** The predictor's measures of it in the ground's photo, each eye in daylight (item 6 of issue 44). */
    prediction: jsonb('prediction').$type<StoredEye[]>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bred_designs_ground_born_idx').on(t.groundId, t.born, t.ordinal)],
);

/**
 * The designs a generation judges: its bred line (founders, then survivors and children) and its
 * controls. A survivor is a member of each generation it is judged in, with no old times.
 */
export const breedingMembers = pgTable(
  'breeding_members',
  {
    groundId: text('ground_id')
      .notNull()
      .references(() => breedingGrounds.id, { onDelete: 'cascade' }),
    generation: integer('generation').notNull(),
    designId: text('design_id')
      .notNull()
      .references(() => bredDesigns.id, { onDelete: 'cascade' }),
    line: text('line').$type<'bred' | 'control'>().notNull(),
    /** Rounds served with it in this generation (the choice serves the fewest first). */
    rounds: integer('rounds').notNull().default(0),
    /** Chosen to breed the next generation, once this one was judged. */
    survived: boolean('survived').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.groundId, t.generation, t.designId] }),
    index('breeding_members_design_idx').on(t.designId),
  ],
);
