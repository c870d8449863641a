-- An invoice's number is given when it is issued (docs/product.md, "Document numbers"): a new draft has none, so a deleted draft leaves no gap. Drafts made before this keep the number they were given.
ALTER TABLE "invoices" ALTER COLUMN "invoice_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_numbered" CHECK ("status" = 'DRAFT' OR "invoice_number" IS NOT NULL);
