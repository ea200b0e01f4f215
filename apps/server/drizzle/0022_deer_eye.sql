-- Decision 032: a deer is seen through its own two cones, not a protan person's. What was
-- measured with the old eye is dropped; the jobs make it again (features by the backfill, a
-- ground photo's first-pass profile and second-pass scores when next asked; predictions by their
-- version).
DELETE FROM "design_features";--> statement-breakpoint
DELETE FROM "ground_scores" WHERE "observer" = 'deer';--> statement-breakpoint
UPDATE "ground_photos" SET "profiles" = "profiles" - ARRAY['deer@10', 'deer@25', 'deer@50', 'deer@100'];
