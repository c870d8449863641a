DROP INDEX "invoices_quote_unique";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "quote_invoice_type" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "site_address" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "site_address" text;--> statement-breakpoint
CREATE INDEX "invoices_quote_idx" ON "invoices" USING btree ("quote_id") WHERE "invoices"."quote_id" is not null;--> statement-breakpoint
UPDATE "invoices" SET "quote_invoice_type" = 'FULL' WHERE "quote_id" IS NOT NULL;
