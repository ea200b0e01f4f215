ALTER TABLE "designs" ADD COLUMN "edit_request" text;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "edit_stage" text;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "edit_failure" jsonb;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "edit_note" text;