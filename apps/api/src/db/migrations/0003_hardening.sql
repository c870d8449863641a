CREATE TABLE "issued_numbers" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issued_numbers_user_id_kind_number_pk" PRIMARY KEY("user_id","kind","number")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "logo_normalised" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "issued_numbers" ADD CONSTRAINT "issued_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A number is issued once its document leaves DRAFT; recorded here for good (docs/product.md, "Document numbers").
CREATE FUNCTION "record_issued_quote_number"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" <> 'DRAFT' THEN
    INSERT INTO "issued_numbers" ("user_id", "kind", "number") VALUES (NEW."user_id", 'quote', NEW."quote_number") ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION "record_issued_invoice_number"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" <> 'DRAFT' THEN
    INSERT INTO "issued_numbers" ("user_id", "kind", "number") VALUES (NEW."user_id", 'invoice', NEW."invoice_number") ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "quotes_record_issued_number" AFTER INSERT OR UPDATE ON "quotes" FOR EACH ROW EXECUTE FUNCTION "record_issued_quote_number"();--> statement-breakpoint
CREATE TRIGGER "invoices_record_issued_number" AFTER INSERT OR UPDATE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "record_issued_invoice_number"();--> statement-breakpoint
INSERT INTO "issued_numbers" ("user_id", "kind", "number") SELECT "user_id", 'quote', "quote_number" FROM "quotes" WHERE "status" <> 'DRAFT' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "issued_numbers" ("user_id", "kind", "number") SELECT "user_id", 'invoice', "invoice_number" FROM "invoices" WHERE "status" <> 'DRAFT' ON CONFLICT DO NOTHING;
