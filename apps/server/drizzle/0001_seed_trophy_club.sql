-- Trophy Club: the winners of April to August 2025 predate this system's vote records,
-- so they are seed data (architecture: "the five historical winners ... are seed data").
INSERT INTO "contest_winners" ("month", "pattern_name", "designer_name", "image_url", "vote_count") VALUES
  ('2025-04', 'Sonoran Ghost', 'Mesa Walker', '/seed/trophy-2025-04.webp', NULL),
  ('2025-05', 'Cattail Shadow', 'Bayou Jen', '/seed/trophy-2025-05.webp', NULL),
  ('2025-06', 'Ridge Runner', 'Tom Hollis', '/seed/trophy-2025-06.webp', NULL),
  ('2025-07', 'High Desert Drift', 'Kayla R.', '/seed/trophy-2025-07.webp', NULL),
  ('2025-08', 'Ozark Timber', 'Cody Marsh', '/seed/trophy-2025-08.webp', NULL)
ON CONFLICT ("month") DO NOTHING;
--> statement-breakpoint
INSERT INTO "member_count" ("id", "count") VALUES ('total', 0) ON CONFLICT ("id") DO NOTHING;
