-- Running figures (docs/product.md, "Running figures"): what the dashboard and aged debtors add up,
-- kept as invoices, payments and credit notes change, so reading them costs the same at 100 or
-- 100,000 invoices. invoice_figures holds each invoice's two amounts as the dashboard counts them
-- (its total less credit notes unless VOID; what is still owed while it awaits payment, SENT as
-- stored); account_figures holds their sums per account. The statuses are those of the lifecycle
-- module (INVOICE_UNCOUNTED_STATUSES, INVOICE_OUTSTANDING_STATUSES as stored): running-figures.db.test.ts
-- checks these figures against sums over the invoices after every kind of write.
CREATE TABLE "invoice_figures" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"open" boolean NOT NULL,
	"invoiced_pence" bigint NOT NULL,
	"balance_pence" bigint NOT NULL
);--> statement-breakpoint
ALTER TABLE "invoice_figures" ADD CONSTRAINT "invoice_figures_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- what aged debtors and the overdue figure read: only invoices with something still owed
CREATE INDEX "invoice_figures_owed_idx" ON "invoice_figures" USING btree ("account_id","due_date") INCLUDE ("client_id","balance_pence") WHERE "balance_pence" > 0;--> statement-breakpoint
CREATE TABLE "account_figures" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"invoiced_pence" bigint DEFAULT 0 NOT NULL,
	"outstanding_pence" bigint DEFAULT 0 NOT NULL,
	"open_invoices" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
ALTER TABLE "account_figures" ADD CONSTRAINT "account_figures_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Works out the figures of the invoices named again from their rows; a row that did not change is
-- not written, so it moves nothing.
CREATE FUNCTION "refresh_invoice_figures_of"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "invoice_figures" AS f ("invoice_id", "account_id", "client_id", "due_date", "open", "invoiced_pence", "balance_pence")
  SELECT i."id", i."account_id", i."client_id", i."due_date", i."status" = 'SENT',
    CASE WHEN i."status" = 'VOID' THEN 0 ELSE i."total_pence" - credited.pence END,
    CASE WHEN i."status" = 'SENT' THEN greatest(0, i."total_pence" - i."cis_deduction_pence" - paid.pence - credited.pence) ELSE 0 END
  FROM "invoices" i
  CROSS JOIN LATERAL (SELECT coalesce(sum(p."amount_pence"), 0) AS pence FROM "payments" p WHERE p."invoice_id" = i."id") paid
  CROSS JOIN LATERAL (SELECT coalesce(sum(c."total_pence"), 0) AS pence FROM "credit_notes" c WHERE c."invoice_id" = i."id") credited
  WHERE i."id" = ANY (ids)
  ON CONFLICT ("invoice_id") DO UPDATE SET
    "client_id" = excluded."client_id", "due_date" = excluded."due_date", "open" = excluded."open",
    "invoiced_pence" = excluded."invoiced_pence", "balance_pence" = excluded."balance_pence"
  WHERE (f."client_id", f."due_date", f."open", f."invoiced_pence", f."balance_pence")
    IS DISTINCT FROM (excluded."client_id", excluded."due_date", excluded."open", excluded."invoiced_pence", excluded."balance_pence");
$$;--> statement-breakpoint
-- Every statement that writes invoices, payments or credit notes works out the figures of the
-- invoices it touched, once per statement. A restore writes rows with the triggers off and then
-- works every figure out at once (rebuild_account_figures).
CREATE FUNCTION "refresh_invoice_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('docket.restoring', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_TABLE_NAME = 'invoices' THEN
    PERFORM "refresh_invoice_figures_of"(ARRAY(SELECT "id" FROM "written"));
  ELSE
    PERFORM "refresh_invoice_figures_of"(ARRAY(SELECT DISTINCT "invoice_id" FROM "written"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_refresh_figures_insert" AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_invoice_figures"();--> statement-breakpoint
CREATE TRIGGER "invoices_refresh_figures_update" AFTER UPDATE ON "invoices" REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_invoice_figures"();--> statement-breakpoint
CREATE TRIGGER "payments_refresh_figures_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_invoice_figures"();--> statement-breakpoint
CREATE TRIGGER "payments_refresh_figures_delete" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_invoice_figures"();--> statement-breakpoint
CREATE TRIGGER "payments_refresh_figures_update_old" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_invoice_figures"();--> statement-breakpoint
CREATE TRIGGER "payments_refresh_figures_update_new" AFTER UPDATE ON "payments" REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_invoice_figures"();--> statement-breakpoint
CREATE TRIGGER "credit_notes_refresh_figures_insert" AFTER INSERT ON "credit_notes" REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_invoice_figures"();--> statement-breakpoint
CREATE TRIGGER "credit_notes_refresh_figures_delete" AFTER DELETE ON "credit_notes" REFERENCING OLD TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_invoice_figures"();--> statement-breakpoint
CREATE TRIGGER "credit_notes_refresh_figures_update_old" AFTER UPDATE ON "credit_notes" REFERENCING OLD TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_invoice_figures"();--> statement-breakpoint
CREATE TRIGGER "credit_notes_refresh_figures_update_new" AFTER UPDATE ON "credit_notes" REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_invoice_figures"();--> statement-breakpoint
-- An invoice's figures move its account's sums at commit, as the account version does (migration
-- 0014): the account's row is locked last, after every row the transaction writes, so two
-- transactions never wait on each other through it in a cycle. An invoice deleted takes its
-- figures with it (the foreign key), which takes them off the sums.
CREATE FUNCTION "move_account_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('docket.restoring', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "account_figures" SET
      "invoiced_pence" = "invoiced_pence" - OLD."invoiced_pence",
      "outstanding_pence" = "outstanding_pence" - OLD."balance_pence",
      "open_invoices" = "open_invoices" - OLD."open"::int
    WHERE "account_id" = OLD."account_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    -- a deleted account's rows go with it: nothing to add to
    INSERT INTO "account_figures" AS a ("account_id", "invoiced_pence", "outstanding_pence", "open_invoices")
      SELECT NEW."account_id", NEW."invoiced_pence", NEW."balance_pence", NEW."open"::int
      WHERE EXISTS (SELECT 1 FROM "accounts" WHERE "id" = NEW."account_id")
      ON CONFLICT ("account_id") DO UPDATE SET
        "invoiced_pence" = a."invoiced_pence" + excluded."invoiced_pence",
        "outstanding_pence" = a."outstanding_pence" + excluded."outstanding_pence",
        "open_invoices" = a."open_invoices" + excluded."open_invoices";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invoice_figures_move_account_figures" AFTER INSERT OR UPDATE OR DELETE ON "invoice_figures" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "move_account_figures"();--> statement-breakpoint
-- Every figure worked out again from the rows: after a restore (which writes with the triggers off)
-- and here, for the invoices already written.
CREATE FUNCTION "rebuild_account_figures"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "invoice_figures";
  DELETE FROM "account_figures";
  PERFORM "refresh_invoice_figures_of"(ARRAY(SELECT "id" FROM "invoices"));
  -- with the triggers on, the rows just written add themselves up at commit
  IF current_setting('docket.restoring', true) = 'on' THEN
    INSERT INTO "account_figures" ("account_id", "invoiced_pence", "outstanding_pence", "open_invoices")
      SELECT "account_id", sum("invoiced_pence"), sum("balance_pence"), count(*) FILTER (WHERE "open")
      FROM "invoice_figures" GROUP BY "account_id";
  END IF;
END $$;--> statement-breakpoint
SELECT "rebuild_account_figures"();
