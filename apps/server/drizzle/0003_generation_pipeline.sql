ALTER TABLE "designs" ADD COLUMN "recipe_a" jsonb;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "recipe_b" jsonb;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "edited_recipe" jsonb;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "design_a_thumbnail_url" text;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "design_b_thumbnail_url" text;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "edited_thumbnail_url" text;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "edit_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "environment_photos" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "environment_photos" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "environment_photos" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "environment_photos" ADD COLUMN "idempotency_key" text NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "designs_environment_photo_idx" ON "designs" USING btree ("environment_photo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "environment_photos_idempotency_idx" ON "environment_photos" USING btree ("user_id","idempotency_key");