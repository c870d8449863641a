-- A kept answer moves with what it shows, not with every write of its account (docs/product.md,
-- "Kept answers"). The account's version is now three counters, each moved once per transaction
-- that writes what it watches:
--   version           the shared one: quotes, their lines, the company, a client changed or
--                     deleted, and an invoice or credit note of an invoice made from a quote (the
--                     quote list shows those invoices' status, total and credits);
--   invoices_version  invoices, their lines, payments and credit notes;
--   clients_version   clients, new or changed.
-- The dashboard is kept under version + invoices_version, the quote list's first page under
-- version, the client list's under clients_version (cache/kept-answer-topics.ts). So a new
-- client no longer throws away the dashboard and the quote list, and a new invoice or a payment
-- no longer throws away the quote and client lists.
ALTER TABLE "account_versions" ADD COLUMN "invoices_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "account_versions" ADD COLUMN "clients_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- kept under the one version of before: none may match a counter of now by chance
DELETE FROM "kept_answers";--> statement-breakpoint
-- TG_ARGV[0]: the counters a new row moves; TG_ARGV[1], if given: those a changed or deleted row
-- moves. An invoice linked to a quote moves the shared counter too (the quote list shows it), and
-- is checked on both sides of an update, so one moved off a quote is seen as well.
CREATE OR REPLACE FUNCTION "bump_account_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
  topics text[];
  s int := 0;
  i int := 0;
  c int := 0;
BEGIN
  -- a restore writes the versions and kept answers of the backup as they were
  IF current_setting('docket.restoring', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN owner := OLD.account_id; ELSE owner := NEW.account_id; END IF;
  topics := string_to_array(CASE WHEN TG_OP = 'INSERT' OR TG_NARGS < 2 THEN TG_ARGV[0] ELSE TG_ARGV[1] END, ',');
  IF TG_TABLE_NAME = 'invoices' THEN
    -- a nested IF: NEW.quote_id is only compiled for the invoices table
    IF (TG_OP <> 'DELETE' AND NEW.quote_id IS NOT NULL) OR (TG_OP <> 'INSERT' AND OLD.quote_id IS NOT NULL) THEN
      topics := topics || 'shared'::text;
    END IF;
  END IF;
  -- each counter once per transaction and account (the settings are local: they end with the transaction)
  IF 'shared' = ANY(topics) AND current_setting('docket.bumped_shared', true) IS DISTINCT FROM owner::text THEN
    s := 1;
    PERFORM set_config('docket.bumped_shared', owner::text, true);
  END IF;
  IF 'invoices' = ANY(topics) AND current_setting('docket.bumped_invoices', true) IS DISTINCT FROM owner::text THEN
    i := 1;
    PERFORM set_config('docket.bumped_invoices', owner::text, true);
  END IF;
  IF 'clients' = ANY(topics) AND current_setting('docket.bumped_clients', true) IS DISTINCT FROM owner::text THEN
    c := 1;
    PERFORM set_config('docket.bumped_clients', owner::text, true);
  END IF;
  IF s + i + c = 0 THEN RETURN NULL; END IF;
  -- a deleted account's rows go with it: nothing to bump
  INSERT INTO "account_versions" ("account_id", "version", "invoices_version", "clients_version")
    SELECT owner, s, i, c WHERE EXISTS (SELECT 1 FROM "accounts" WHERE "id" = owner)
    ON CONFLICT ("account_id") DO UPDATE SET
      "version" = "account_versions"."version" + s,
      "invoices_version" = "account_versions"."invoices_version" + i,
      "clients_version" = "account_versions"."clients_version" + c;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "invoices_bump_account_version" ON "invoices";--> statement-breakpoint
DROP TRIGGER "invoice_lines_bump_account_version" ON "invoice_lines";--> statement-breakpoint
DROP TRIGGER "quotes_bump_account_version" ON "quotes";--> statement-breakpoint
DROP TRIGGER "quote_lines_bump_account_version" ON "quote_lines";--> statement-breakpoint
DROP TRIGGER "clients_bump_account_version" ON "clients";--> statement-breakpoint
DROP TRIGGER "payments_bump_account_version" ON "payments";--> statement-breakpoint
DROP TRIGGER "credit_notes_bump_account_version" ON "credit_notes";--> statement-breakpoint
DROP TRIGGER "companies_bump_account_version" ON "companies";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invoices_bump_account_version" AFTER INSERT OR UPDATE OR DELETE ON "invoices" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_account_version"('invoices');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invoice_lines_bump_account_version" AFTER INSERT OR UPDATE OR DELETE ON "invoice_lines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_account_version"('invoices');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payments_bump_account_version" AFTER INSERT OR UPDATE OR DELETE ON "payments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_account_version"('invoices');--> statement-breakpoint
-- the quote list sums the credit notes of a quote's invoices: rare enough to move both always
CREATE CONSTRAINT TRIGGER "credit_notes_bump_account_version" AFTER INSERT OR UPDATE OR DELETE ON "credit_notes" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_account_version"('invoices,shared');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "quotes_bump_account_version" AFTER INSERT OR UPDATE OR DELETE ON "quotes" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_account_version"('shared');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "quote_lines_bump_account_version" AFTER INSERT OR UPDATE OR DELETE ON "quote_lines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_account_version"('shared');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "companies_bump_account_version" AFTER INSERT OR UPDATE OR DELETE ON "companies" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_account_version"('shared');--> statement-breakpoint
-- a new client is on no document yet: only the client list shows it
CREATE CONSTRAINT TRIGGER "clients_bump_account_version" AFTER INSERT OR UPDATE OR DELETE ON "clients" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_account_version"('clients', 'clients,shared');
