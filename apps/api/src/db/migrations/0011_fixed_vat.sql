ALTER TABLE "credit_notes" ADD COLUMN "fixed_vat" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "fixed_vat" jsonb;