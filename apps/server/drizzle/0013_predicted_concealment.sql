CREATE TABLE "predictor_fits" (
	"id" serial PRIMARY KEY NOT NULL,
	"fitted_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"rounds" integer NOT NULL,
	"designs" integer NOT NULL,
	"weights" jsonb,
	"pairwise_agreement" real,
	"spearman" real,
	"compared_designs" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "designs_gallery_hiding_idx";--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "hunt_answered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "concealment_predictions" jsonb;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "hiding_group" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "hiding_rank" real DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "hunt_rounds" ADD COLUMN "measures" jsonb;--> statement-breakpoint
CREATE INDEX "predictor_fits_status_idx" ON "predictor_fits" USING btree ("status","fitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "designs_gallery_hiding_idx" ON "designs" USING btree ("hiding_group" DESC NULLS LAST,"hiding_rank" DESC NULLS LAST,"submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "designs"."status" = 'submitted';--> statement-breakpoint
UPDATE "designs" SET "hiding_group" = 2, "hiding_rank" = "concealment_score" WHERE "concealment_score" >= 0;--> statement-breakpoint
UPDATE "designs" d SET "hunt_answered" = (SELECT count(*) FROM "hunt_rounds" r WHERE r."design_id" = d."id" AND r."status" IN ('found', 'timeout', 'out_of_misses'));
