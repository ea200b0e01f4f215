CREATE TABLE "contest_months" (
	"month" text PRIMARY KEY NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"entries" integer NOT NULL,
	"voters" integer NOT NULL,
	"winner_design_id" text
);
--> statement-breakpoint
CREATE TABLE "contest_results" (
	"month" text NOT NULL,
	"design_id" text NOT NULL,
	"rank" integer NOT NULL,
	"counted_votes" integer NOT NULL,
	"reached_at" timestamp with time zone,
	CONSTRAINT "contest_results_month_design_id_pk" PRIMARY KEY("month","design_id")
);
--> statement-breakpoint
DROP INDEX "votes_design_idx";--> statement-breakpoint
ALTER TABLE "contest_months" ADD CONSTRAINT "contest_months_winner_design_id_designs_id_fk" FOREIGN KEY ("winner_design_id") REFERENCES "public"."designs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_results" ADD CONSTRAINT "contest_results_month_contest_months_month_fk" FOREIGN KEY ("month") REFERENCES "public"."contest_months"("month") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_results" ADD CONSTRAINT "contest_results_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contest_results_month_rank_idx" ON "contest_results" USING btree ("month","rank");--> statement-breakpoint
CREATE INDEX "contest_results_design_idx" ON "contest_results" USING btree ("design_id");--> statement-breakpoint
CREATE INDEX "votes_design_idx" ON "votes" USING btree ("design_id","created_at");