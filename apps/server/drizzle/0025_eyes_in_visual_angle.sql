-- Decision 037: each eye is measured at its own scale in visual angle, through its contrast
-- sensitivity, with GabRat at its acuity and the design drawn without aliasing, so every measure
-- of a design worn in a photo changes. What was measured with the old eyes is dropped and made
-- again when next needed: each design's first-pass features (the backfill), every ground photo's
-- profiles and scores, and each played round's measures (the calibration measures them).
DELETE FROM "design_features";--> statement-breakpoint
DELETE FROM "ground_scores";--> statement-breakpoint
UPDATE "ground_photos" SET "profiles" = '{}'::jsonb;--> statement-breakpoint
UPDATE "hunt_rounds" SET "measures" = NULL WHERE "measures" IS NOT NULL;
