-- Decision 024: each round's scene is synthesised anew from its photo's ground; how it was made
-- (its recipe, the player's screen, the target in the picture and in the photo) is kept with it.
ALTER TABLE "hunt_rounds" ADD COLUMN "scene" jsonb;
