-- Decision 034: "my ground" in a light. A score names its light (every score so far is daylight's);
-- each design's features gain dawn or dusk's (version 2), so they are made again by the backfill.
ALTER TABLE "ground_scores" ADD COLUMN "light" text DEFAULT 'daylight' NOT NULL;--> statement-breakpoint
ALTER TABLE "ground_scores" DROP CONSTRAINT "ground_scores_photo_id_observer_distance_m_design_id_pk";--> statement-breakpoint
ALTER TABLE "ground_scores" ADD CONSTRAINT "ground_scores_photo_id_observer_distance_m_light_design_id_pk" PRIMARY KEY("photo_id","observer","distance_m","light","design_id");--> statement-breakpoint
DELETE FROM "design_features";
