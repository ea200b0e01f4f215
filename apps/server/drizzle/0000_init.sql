CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" text PRIMARY KEY NOT NULL,
	"design_id" text NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text DEFAULT 'Anonymous' NOT NULL,
	"user_avatar" text,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_winners" (
	"month" text PRIMARY KEY NOT NULL,
	"design_id" text,
	"pattern_name" text NOT NULL,
	"designer_name" text NOT NULL,
	"image_url" text NOT NULL,
	"vote_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "designs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"image_url" text,
	"preview_url" text,
	"pattern_url" text,
	"thumbnail_url" text,
	"environment_description" text NOT NULL,
	"environment_photo_id" text,
	"environment_photo_url" text,
	"designer_name" text DEFAULT 'Anonymous' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vote_count" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"county" text DEFAULT 'N/A' NOT NULL,
	"generation_method" text DEFAULT 'ai_generated' NOT NULL,
	"status" text DEFAULT 'pending_selection' NOT NULL,
	"design_toggles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"design_a_id" text,
	"design_a_url" text,
	"markdown_analysis_a" text,
	"openai_response_id_a" text,
	"design_b_id" text,
	"design_b_url" text,
	"markdown_analysis_b" text,
	"openai_response_id_b" text,
	"selected_variant" text,
	"final_design_choice" text DEFAULT 'original' NOT NULL,
	"submitted_at" timestamp with time zone,
	"edited_image_url" text,
	"edit_prompt" text,
	"edited_at" timestamp with time zone,
	"has_edits" boolean DEFAULT false NOT NULL,
	"prompt_a" text,
	"prompt_b" text,
	"story" text
);
--> statement-breakpoint
CREATE TABLE "dev_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"avatar_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dev_accounts_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "environment_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"state" text NOT NULL,
	"county" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"design_toggles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"storage_key" text,
	"photo_url" text,
	"processing_started" timestamp with time zone,
	"processing_completed" timestamp with time zone,
	"design_a_storage_url" text,
	"design_b_storage_url" text,
	"prompt_a_id" text,
	"prompt_b_id" text,
	"design_a_id" text,
	"design_b_id" text,
	"design_doc_id" text,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "member_count" (
	"id" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in" timestamp with time zone,
	"phone_number" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"allow_promo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"user_id" text NOT NULL,
	"design_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "votes_user_id_design_id_pk" PRIMARY KEY("user_id","design_id")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_winners" ADD CONSTRAINT "contest_winners_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designs" ADD CONSTRAINT "designs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designs" ADD CONSTRAINT "designs_environment_photo_id_environment_photos_id_fk" FOREIGN KEY ("environment_photo_id") REFERENCES "public"."environment_photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environment_photos" ADD CONSTRAINT "environment_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_provider_subject_idx" ON "accounts" USING btree ("provider_id","account_id");--> statement-breakpoint
CREATE INDEX "accounts_user_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "comments_design_created_idx" ON "comments" USING btree ("design_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "designs_user_created_idx" ON "designs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "designs_status_votes_idx" ON "designs" USING btree ("status","vote_count" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "designs_status_created_idx" ON "designs" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "designs_state_idx" ON "designs" USING btree ("status","state","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "environment_photos_user_idx" ON "environment_photos" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "environment_photos_status_idx" ON "environment_photos" USING btree ("status");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "votes_design_idx" ON "votes" USING btree ("design_id");