-- A VAT return as filed with HMRC: the exact body sent and HMRC's receipt. Never changes once written.
CREATE TABLE "vat_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "public"."accounts"("id") ON DELETE cascade,
	"vrn" text NOT NULL,
	"period_key" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"basis" text NOT NULL,
	"body" jsonb NOT NULL,
	"processing_date" text NOT NULL,
	"form_bundle_number" text NOT NULL,
	"charge_ref_number" text,
	"payment_indicator" text,
	"receipt_id" text,
	"submitted_by" uuid REFERENCES "public"."users"("id") ON DELETE set null,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "vat_returns_period_unique" ON "vat_returns" USING btree ("account_id","vrn","period_key");
--> statement-breakpoint
CREATE INDEX "vat_returns_account_period_idx" ON "vat_returns" USING btree ("account_id","period_start","period_end");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "vat_returns_never_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a filed VAT return never changes';
END $$;
--> statement-breakpoint
CREATE TRIGGER "vat_returns_never_change" BEFORE UPDATE ON "vat_returns" FOR EACH ROW EXECUTE FUNCTION "vat_returns_never_change"();
