-- Decision 037's addendum: a deer's crop at its 48 px cap (and at dusk at 25 m) was a 128 px
-- transform, its wider blur's margin past the 64 px the cap was for; it is now shrunk a pixel or two
-- to fit, which moves its measures a little. What was measured with those crops is made again when
-- next needed, as after decision 037 (designs' predictions follow PREDICTION_VERSION 8).
DELETE FROM "design_features";--> statement-breakpoint
DELETE FROM "ground_scores";--> statement-breakpoint
UPDATE "ground_photos" SET "profiles" = '{}'::jsonb;--> statement-breakpoint
UPDATE "hunt_rounds" SET "measures" = NULL WHERE "measures" IS NOT NULL;
