CREATE TABLE "recurring_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"site_address" text,
	"frequency" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"count" integer,
	"due_days" integer NOT NULL,
	"auto_send" boolean DEFAULT false NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"next_index" integer DEFAULT 0 NOT NULL,
	"next_run_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_issues" (
	"recurring_id" uuid NOT NULL,
	"period_date" date NOT NULL,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_issues_recurring_id_period_date_pk" PRIMARY KEY("recurring_id","period_date")
);
--> statement-breakpoint
DROP INDEX "invoices_quote_unique";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "quote_invoice_type" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "site_address" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "site_address" text;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_issues" ADD CONSTRAINT "recurring_issues_recurring_id_recurring_invoices_id_fk" FOREIGN KEY ("recurring_id") REFERENCES "public"."recurring_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_issues" ADD CONSTRAINT "recurring_issues_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_invoices_user_created_idx" ON "recurring_invoices" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recurring_invoices_due_idx" ON "recurring_invoices" USING btree ("next_run_date") WHERE "recurring_invoices"."paused" = false and "recurring_invoices"."next_run_date" is not null;--> statement-breakpoint
CREATE INDEX "recurring_issues_invoice_idx" ON "recurring_issues" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_quote_idx" ON "invoices" USING btree ("quote_id") WHERE "invoices"."quote_id" is not null;--> statement-breakpoint
UPDATE "invoices" SET "quote_invoice_type" = 'FULL' WHERE "quote_id" IS NOT NULL;
