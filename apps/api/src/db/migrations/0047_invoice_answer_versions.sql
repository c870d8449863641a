-- An invoice's answer kept per invoice (docs/product.md, "Kept invoice answers"): its key moves with
-- every change to what the answer shows. answer_version moves on every update of the row (so two
-- states of one row inside one transaction never share a key); the row's xmin, also in the key,
-- moves when a restore writes the row again with an old answer_version. invoice_answer_versions
-- moves with its lines, payments, credit notes and the members they name.
ALTER TABLE "invoices" ADD COLUMN "answer_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "answer_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "next_answer_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."answer_version" := OLD."answer_version" + 1;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_next_answer_version" BEFORE UPDATE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "next_answer_version"();--> statement-breakpoint
CREATE TRIGGER "clients_next_answer_version" BEFORE UPDATE ON "clients" FOR EACH ROW EXECUTE FUNCTION "next_answer_version"();--> statement-breakpoint
-- Lines, payments and credit notes are part of their invoice's answer: a statement that writes them
-- moves the version of each invoice it touched. The version is a row of its own: updating the
-- invoice row instead rewrote it and its nine indexes on every payment. Every trigger names its
-- transition table "written" (an update has two triggers, one for the rows before and one for the
-- rows after, so a row moved to another invoice moves both), and one function serves them all.
CREATE TABLE "invoice_answer_versions" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);--> statement-breakpoint
ALTER TABLE "invoice_answer_versions" ADD CONSTRAINT "invoice_answer_versions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "move_invoice_answers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('docket.restoring', true) = 'on' THEN RETURN NULL; END IF;
  -- an invoice deleted with its lines (cascade) has nothing left to move
  INSERT INTO "invoice_answer_versions" AS v ("invoice_id")
    SELECT DISTINCT "invoice_id" FROM "written" WHERE EXISTS (SELECT 1 FROM "invoices" WHERE "id" = "written"."invoice_id")
    ON CONFLICT ("invoice_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoice_lines_move_invoice_answer_insert" AFTER INSERT ON "invoice_lines" REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "move_invoice_answers"();--> statement-breakpoint
CREATE TRIGGER "invoice_lines_move_invoice_answer_delete" AFTER DELETE ON "invoice_lines" REFERENCING OLD TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "move_invoice_answers"();--> statement-breakpoint
CREATE TRIGGER "invoice_lines_move_invoice_answer_update_old" AFTER UPDATE ON "invoice_lines" REFERENCING OLD TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "move_invoice_answers"();--> statement-breakpoint
CREATE TRIGGER "invoice_lines_move_invoice_answer_update_new" AFTER UPDATE ON "invoice_lines" REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "move_invoice_answers"();--> statement-breakpoint
CREATE TRIGGER "payments_move_invoice_answer_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "move_invoice_answers"();--> statement-breakpoint
CREATE TRIGGER "payments_move_invoice_answer_delete" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "move_invoice_answers"();--> statement-breakpoint
CREATE TRIGGER "payments_move_invoice_answer_update_old" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "move_invoice_answers"();--> statement-breakpoint
CREATE TRIGGER "payments_move_invoice_answer_update_new" AFTER UPDATE ON "payments" REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "move_invoice_answers"();--> statement-breakpoint
CREATE TRIGGER "credit_notes_move_invoice_answer_insert" AFTER INSERT ON "credit_notes" REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "move_invoice_answers"();--> statement-breakpoint
CREATE TRIGGER "credit_notes_move_invoice_answer_delete" AFTER DELETE ON "credit_notes" REFERENCING OLD TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "move_invoice_answers"();--> statement-breakpoint
CREATE TRIGGER "credit_notes_move_invoice_answer_update_old" AFTER UPDATE ON "credit_notes" REFERENCING OLD TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "move_invoice_answers"();--> statement-breakpoint
CREATE TRIGGER "credit_notes_move_invoice_answer_update_new" AFTER UPDATE ON "credit_notes" REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "move_invoice_answers"();--> statement-breakpoint
-- The member named on a payment or credit note ("by") is part of the answer too.
CREATE FUNCTION "move_invoice_answers_of_member"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('docket.restoring', true) = 'on' THEN RETURN NULL; END IF;
  INSERT INTO "invoice_answer_versions" AS v ("invoice_id")
    SELECT "invoice_id" FROM "payments" WHERE "actor_user_id" = NEW."id"
    UNION SELECT "invoice_id" FROM "credit_notes" WHERE "actor_user_id" = NEW."id"
    ON CONFLICT ("invoice_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_move_invoice_answers" AFTER UPDATE OF "name", "email" ON "users" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."email" IS DISTINCT FROM NEW."email") EXECUTE FUNCTION "move_invoice_answers_of_member"();
