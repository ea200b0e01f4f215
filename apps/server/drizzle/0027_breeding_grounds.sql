CREATE TABLE "bred_designs" (
	"id" text PRIMARY KEY NOT NULL,
	"ground_id" text NOT NULL,
	"kind" text NOT NULL,
	"parent_a" text,
	"parent_b" text,
	"born" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"recipe" jsonb NOT NULL,
	"image" "bytea" NOT NULL,
	"thumb" "bytea" NOT NULL,
	"prediction" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "breeding_grounds" (
	"id" text PRIMARY KEY NOT NULL,
	"starter_id" text NOT NULL,
	"source" text NOT NULL,
	"source_design_id" text,
	"photo" "bytea" NOT NULL,
	"photo_thumb" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"state" text NOT NULL,
	"county" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"variant" text NOT NULL,
	"toggles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'starting' NOT NULL,
	"population" integer NOT NULL,
	"judges" integer NOT NULL,
	"controls" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "breeding_members" (
	"ground_id" text NOT NULL,
	"generation" integer NOT NULL,
	"design_id" text NOT NULL,
	"line" text NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"survived" boolean DEFAULT false NOT NULL,
	CONSTRAINT "breeding_members_ground_id_generation_design_id_pk" PRIMARY KEY("ground_id","generation","design_id")
);
--> statement-breakpoint
ALTER TABLE "hunt_rounds" ALTER COLUMN "design_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "bred_design_id" text;--> statement-breakpoint
ALTER TABLE "hunt_rounds" ADD COLUMN "bred_design_id" text;--> statement-breakpoint
ALTER TABLE "hunt_rounds" ADD COLUMN "generation" integer;--> statement-breakpoint
ALTER TABLE "bred_designs" ADD CONSTRAINT "bred_designs_ground_id_breeding_grounds_id_fk" FOREIGN KEY ("ground_id") REFERENCES "public"."breeding_grounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breeding_grounds" ADD CONSTRAINT "breeding_grounds_starter_id_users_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breeding_members" ADD CONSTRAINT "breeding_members_ground_id_breeding_grounds_id_fk" FOREIGN KEY ("ground_id") REFERENCES "public"."breeding_grounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breeding_members" ADD CONSTRAINT "breeding_members_design_id_bred_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."bred_designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bred_designs_ground_born_idx" ON "bred_designs" USING btree ("ground_id","born","ordinal");--> statement-breakpoint
CREATE INDEX "breeding_grounds_created_idx" ON "breeding_grounds" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "breeding_members_design_idx" ON "breeding_members" USING btree ("design_id");--> statement-breakpoint
ALTER TABLE "designs" ADD CONSTRAINT "designs_bred_design_id_bred_designs_id_fk" FOREIGN KEY ("bred_design_id") REFERENCES "public"."bred_designs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hunt_rounds" ADD CONSTRAINT "hunt_rounds_bred_design_id_bred_designs_id_fk" FOREIGN KEY ("bred_design_id") REFERENCES "public"."bred_designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "designs_bred_design_idx" ON "designs" USING btree ("bred_design_id") WHERE "designs"."bred_design_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "hunt_rounds_player_bred_idx" ON "hunt_rounds" USING btree ("player_id","bred_design_id","generation");--> statement-breakpoint
CREATE INDEX "hunt_rounds_bred_idx" ON "hunt_rounds" USING btree ("bred_design_id","generation");--> statement-breakpoint
ALTER TABLE "hunt_rounds" ADD CONSTRAINT "hunt_rounds_one_design" CHECK (("hunt_rounds"."design_id" is null) <> ("hunt_rounds"."bred_design_id" is null) and ("hunt_rounds"."bred_design_id" is null) = ("hunt_rounds"."generation" is null));