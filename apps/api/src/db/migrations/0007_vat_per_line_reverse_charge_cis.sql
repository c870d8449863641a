ALTER TABLE "clients" ADD COLUMN "cis_rate" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "vat_scheme" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "reverse_charge_wording" text DEFAULT 'CUSTOMER_TO_PAY' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "cis_subcontractor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD COLUMN "vat" text;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD COLUMN "discount_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "vat" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "discount_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cis_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cis_deduction_pence" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "vat" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "vat" text;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "discount_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "unit" text;