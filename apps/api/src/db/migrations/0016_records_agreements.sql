-- An acceptance belongs to one version of a quote (docs/product.md, "Client links"): every edit
-- and every revert moves the quote's revision, and an acceptance prints only while the quote is
-- still at the revision it was given for. Acceptances stored before this carry revision 1, the
-- revision every existing quote starts at.
ALTER TABLE "quotes" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "quote_responses" ADD COLUMN "quote_revision" integer DEFAULT 1 NOT NULL;
