CREATE TABLE "hunt_rounds" (
	"id" text PRIMARY KEY NOT NULL,
	"player_id" text NOT NULL,
	"design_id" text NOT NULL,
	"photo_key" text NOT NULL,
	"silhouette" text NOT NULL,
	"x" real NOT NULL,
	"y" real NOT NULL,
	"size" real NOT NULL,
	"rotation" real NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"misses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"served_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"elapsed_ms" integer
);
--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "hunt_rounds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "concealment_score" real DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "hunt_rounds" ADD CONSTRAINT "hunt_rounds_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hunt_rounds" ADD CONSTRAINT "hunt_rounds_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hunt_rounds_design_idx" ON "hunt_rounds" USING btree ("design_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "hunt_rounds_player_design_idx" ON "hunt_rounds" USING btree ("player_id","design_id");--> statement-breakpoint
CREATE INDEX "hunt_rounds_ended_idx" ON "hunt_rounds" USING btree ("ended_at");--> statement-breakpoint
CREATE INDEX "designs_gallery_hiding_idx" ON "designs" USING btree ("concealment_score" DESC NULLS LAST,"submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "designs"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "designs_hunt_rounds_idx" ON "designs" USING btree ("hunt_rounds","id") WHERE "designs"."status" = 'submitted';