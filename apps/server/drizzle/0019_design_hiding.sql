-- Issue 39: "Hardest to spot" at every eye and distance, not only the game's (a person at 10 m).
-- The game's eye is copied from the designs' own rank here; the other eyes are filled from the
-- stored predictions by the server (concealment/eye-hiding.repository.ts).
CREATE TABLE "design_hiding" (
	"design_id" text NOT NULL,
	"observer" text NOT NULL,
	"distance_m" smallint NOT NULL,
	"hiding_group" smallint NOT NULL,
	"hiding_rank" real NOT NULL,
	"hiding_se" real,
	CONSTRAINT "design_hiding_design_id_observer_distance_m_pk" PRIMARY KEY("design_id","observer","distance_m")
);
--> statement-breakpoint
ALTER TABLE "design_hiding" ADD CONSTRAINT "design_hiding_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "design_hiding_order_idx" ON "design_hiding" USING btree ("observer","distance_m","hiding_group" DESC NULLS LAST,"hiding_rank" DESC NULLS LAST,"design_id");--> statement-breakpoint
INSERT INTO "design_hiding" ("design_id", "observer", "distance_m", "hiding_group", "hiding_rank", "hiding_se")
SELECT "id", 'person', 10, "hiding_group", "hiding_rank", NULL FROM "designs" WHERE "hiding_group" > 0;
