import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, bytea } from './columns.js';
import type { SceneRecord, RoundMeasures } from '../types.js';
import { bredDesigns } from './breeding.js';
import { designs } from './designs.js';
import { personRef } from './people.js';

/** Hide and seek: the rounds and each round's picture until its one serving. */

/**
 * A hide-and-seek round (hunt/): one player, one design hidden in one photo. The target's place
 * stays on the server until the round ends; the clock runs from when the image was served. The
 * design is a gallery design's, or a breeding ground's (decision 038) with the generation the round
 * judges: one table, so every protection of the game holds for both.
 */
export const huntRounds = pgTable(
  'hunt_rounds',
  {
    id: text('id').primaryKey(),
    playerId: personRef('player_id'),
    designId: text('design_id').references(() => designs.id, { onDelete: 'cascade' }),
    bredDesignId: text('bred_design_id').references(() => bredDesigns.id, { onDelete: 'cascade' }),
    /** The generation of its ground a bred design's round judges. */
    generation: integer('generation'),
    /** Storage key of the photo the target is hidden in (the design's own or another of its state). */
    photoKey: text('photo_key').notNull(),
    silhouette: text('silhouette').notNull(),
    /** The target's centre in image pixels, its height in pixels and its rotation in degrees. */
    x: real('x').notNull(),
    y: real('y').notNull(),
    size: real('size').notNull(),
    rotation: real('rotation').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** created -> served -> found | timeout | out_of_misses | too_fast | void | expired */
    status: text('status').notNull().default('created'),
    misses: integer('misses').notNull().default(0),
    createdAt: createdAt(),
    servedAt: timestamp('served_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    /** Time from serving to the hit, or the limit when not found. */
    elapsedMs: integer('elapsed_ms'),
    /** A person's view of the round's own picture, measured once for the calibration (decision 017). */
    measures: jsonb('measures').$type<RoundMeasures>(),
    /**
     * How the round's scene was made (decision 024): its synthesis recipe, the player's screen, the
     * target in the picture and in the photo; null for rounds played before scenes were synthesised.
     */
    scene: jsonb('scene').$type<SceneRecord>(),
  },
  (t) => [
    index('hunt_rounds_design_idx').on(t.designId, t.status),
    uniqueIndex('hunt_rounds_player_design_idx').on(t.playerId, t.designId),
    // One round a player a bred design in each generation it is judged in.
    uniqueIndex('hunt_rounds_player_bred_idx').on(t.playerId, t.bredDesignId, t.generation),
    index('hunt_rounds_bred_idx').on(t.bredDesignId, t.generation),
    check(
      'hunt_rounds_one_design',
      sql`(${t.designId} is null) <> (${t.bredDesignId} is null) and (${t.bredDesignId} is null) = (${t.generation} is null)`,
    ),
    index('hunt_rounds_ended_idx').on(t.endedAt),
  ],
);

/**
 * A round's composed picture until its one serving (hunt/round.service.ts). It lives here, not in
 * the file store, because stored files are public (/files locally, the bucket's address on S3):
 * here nothing but the round's own image route can read it, and that route deletes the row as it
 * reads it.
 */
export const huntRoundImages = pgTable('hunt_round_images', {
  roundId: text('round_id')
    .primaryKey()
    .references(() => huntRounds.id, { onDelete: 'cascade' }),
  jpeg: bytea('jpeg').notNull(),
});
