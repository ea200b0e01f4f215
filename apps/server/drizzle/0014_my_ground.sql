CREATE TABLE "design_features" (
	"design_id" text PRIMARY KEY NOT NULL,
	"image_key" text NOT NULL,
	"features" jsonb NOT NULL,
	"tile" "bytea" NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ground_photo_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ground_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"image" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"kept" boolean DEFAULT false NOT NULL,
	"profiles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ground_scores" (
	"photo_id" text NOT NULL,
	"design_id" text NOT NULL,
	"observer" text NOT NULL,
	"distance_m" smallint NOT NULL,
	"image_key" text NOT NULL,
	"measures" jsonb,
	CONSTRAINT "ground_scores_photo_id_observer_distance_m_design_id_pk" PRIMARY KEY("photo_id","observer","distance_m","design_id")
);
--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "versatility_median" real DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "versatility_worst" real DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "versatility_places" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "design_features" ADD CONSTRAINT "design_features_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ground_photo_uploads" ADD CONSTRAINT "ground_photo_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ground_photos" ADD CONSTRAINT "ground_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ground_scores" ADD CONSTRAINT "ground_scores_photo_id_ground_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."ground_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ground_scores" ADD CONSTRAINT "ground_scores_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "design_features_computed_idx" ON "design_features" USING btree ("computed_at");--> statement-breakpoint
CREATE INDEX "ground_photo_uploads_user_idx" ON "ground_photo_uploads" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "ground_photos_user_idx" ON "ground_photos" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ground_photos_expiry_idx" ON "ground_photos" USING btree ("created_at") WHERE not "ground_photos"."kept";--> statement-breakpoint
CREATE INDEX "ground_scores_design_idx" ON "ground_scores" USING btree ("design_id");--> statement-breakpoint
CREATE INDEX "designs_gallery_versatile_idx" ON "designs" USING btree ("versatility_median" DESC NULLS LAST,"submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "designs"."status" = 'submitted';