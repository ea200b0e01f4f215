CREATE TABLE "hunt_round_images" (
	"round_id" text PRIMARY KEY NOT NULL,
	"jpeg" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hunt_round_images" ADD CONSTRAINT "hunt_round_images_round_id_hunt_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."hunt_rounds"("id") ON DELETE cascade ON UPDATE no action;