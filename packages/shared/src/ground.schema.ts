import { z } from './zod.js';
import { designCardSchema } from './api.schema.js';
import { galleryQuerySchema } from './community.schema.js';
import { GAME_EYE } from './concealment.js';
import {
  lightSchema,
  observerSchema,
  predictionSchema,
  viewingDistanceSchema,
} from './concealment.schema.js';

/** A person's own ground photo (issue 28), as its owner sees it; nobody else ever does. */
export const groundPhotoSchema = z.object({
  id: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  kept: z.boolean(),
  createdAt: z.string(),
  /** When it will be removed; null while kept. */
  expiresAt: z.string().nullable(),
  /** The photo itself, for its owner only. */
  imageUrl: z.string(),
});
export type GroundPhoto = z.infer<typeof groundPhotoSchema>;

export const groundPhotoListSchema = z.object({
  photos: z.array(groundPhotoSchema),
  /** Uploads allowed in 24 hours, and made in the last 24 hours. */
  dailyLimit: z.number().int().nonnegative(),
  usedToday: z.number().int().nonnegative(),
});
export type GroundPhotoList = z.infer<typeof groundPhotoListSchema>;

export const groundPhotoPatchSchema = z.object({ kept: z.boolean() }).strict();

/** Whose eyes and how far: a person at 10 m unless asked (ground.ts). */
export const groundEyeSchema = z.object({
  observer: observerSchema.default(GAME_EYE.observer),
  distance: viewingDistanceSchema.default(GAME_EYE.distanceM),
});

/** `/api/ground-photos/:id/ranking`: the eye, the gallery's filters and the page cursor. */
export const groundRankingQuerySchema = groundEyeSchema.extend({
  /** Daylight unless asked (decision 034). */
  light: lightSchema.default('daylight'),
  state: galleryQuerySchema.shape.state,
  year: galleryQuerySchema.shape.year,
  month: galleryQuerySchema.shape.month,
  cursor: z.string().max(200).optional(),
});
export type GroundRankingQuery = z.infer<typeof groundRankingQuerySchema>;

export const groundScoreSchema = z.object({
  /** Predicted hiding in the photo (0-100); null where the distance is out of range in it. */
  hiding: z.number().int().min(0).max(100).nullable(),
  /** False while it is the first pass's estimate; true once the full predictor has scored it. */
  refined: z.boolean(),
});

export const groundCardSchema = designCardSchema.extend({ ground: groundScoreSchema });
export type GroundCard = z.infer<typeof groundCardSchema>;

export const groundRankingSchema = z.object({
  designs: z.array(groundCardSchema),
  nextCursor: z.string().nullable(),
  observer: observerSchema,
  distanceM: z.number().int(),
  light: lightSchema,
  /** Designs ranked (after the filters). */
  total: z.number().int().nonnegative(),
  /** True while some of the top designs are still being scored in full: ask again shortly. */
  refining: z.boolean(),
  /** Whether the distance is in range in this photo at all. */
  inRange: z.boolean(),
});
export type GroundRanking = z.infer<typeof groundRankingSchema>;

/** One design in one ground photo: every eye, as the design page's own predictions. */
export const groundDesignSchema = z.object({
  predictions: z.array(predictionSchema),
  calibrated: z.boolean(),
});
export type GroundDesign = z.infer<typeof groundDesignSchema>;
