-- Member names and who made each export (docs/product.md, "Accounts and roles"). A user's own name
-- is optional: empty or null reads as the part of the email before the @.
ALTER TABLE "users" ADD COLUMN "name" text;--> statement-breakpoint
-- One row per export downloaded: which file, which dates and the member who asked for it.
CREATE TABLE "export_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"file" text NOT NULL,
	"from_day" date,
	"to_day" date,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "export_runs" ADD CONSTRAINT "export_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_runs" ADD CONSTRAINT "export_runs_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_runs_account_created_idx" ON "export_runs" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
