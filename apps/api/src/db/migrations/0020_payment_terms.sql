ALTER TABLE "companies" ADD COLUMN "payment_terms_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "payment_terms_days" integer;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ALTER COLUMN "due_days" DROP NOT NULL;
