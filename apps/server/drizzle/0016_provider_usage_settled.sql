ALTER TABLE "provider_usage" ADD COLUMN "released" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_usage" ADD COLUMN "settled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_usage" ADD COLUMN "input_tokens" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_usage" ADD COLUMN "output_tokens" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_usage" ADD COLUMN "images" integer DEFAULT 0 NOT NULL;