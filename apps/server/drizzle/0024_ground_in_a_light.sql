-- Decision 034: "my ground" in a light. A score names its light (every score so far is daylight's);
-- each design's features gain dawn or dusk's (version 2), so they are made again by the backfill.
-- Decision 036: a person's colour detail is coarser than their luminance detail, so what was
-- measured with a person's old eye is dropped and made again when next needed: a ground photo's
-- person profiles and scores, and each played round's measures (the calibration measures them).
ALTER TABLE "ground_scores" ADD COLUMN "light" text DEFAULT 'daylight' NOT NULL;--> statement-breakpoint
ALTER TABLE "ground_scores" DROP CONSTRAINT "ground_scores_photo_id_observer_distance_m_design_id_pk";--> statement-breakpoint
ALTER TABLE "ground_scores" ADD CONSTRAINT "ground_scores_photo_id_observer_distance_m_light_design_id_pk" PRIMARY KEY("photo_id","observer","distance_m","light","design_id");--> statement-breakpoint
DELETE FROM "design_features";--> statement-breakpoint
DELETE FROM "ground_scores" WHERE "observer" = 'person';--> statement-breakpoint
UPDATE "ground_photos" SET "profiles" = "profiles" - ARRAY['person@10', 'person@25', 'person@50', 'person@100'];--> statement-breakpoint
UPDATE "hunt_rounds" SET "measures" = NULL WHERE "measures" IS NOT NULL;
