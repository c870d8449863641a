CREATE TABLE "account_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kept_answers" (
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"version" bigint NOT NULL,
	"day" date NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "kept_answers_user_id_name_pk" PRIMARY KEY("user_id","name")
);
--> statement-breakpoint
ALTER TABLE "account_versions" ADD CONSTRAINT "account_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kept_answers" ADD CONSTRAINT "kept_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The account's version changes once per transaction that changes what its dashboard shows. The
-- triggers are deferred to commit, so the version row is locked last, after every row the
-- transaction writes: two transactions never wait on each other through it in a cycle.
CREATE FUNCTION "bump_account_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
BEGIN
  -- a restore writes the versions and kept answers of the backup as they were
  IF current_setting('docket.restoring', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN owner := OLD.user_id; ELSE owner := NEW.user_id; END IF;
  -- once per transaction and account (the setting is local: it ends with the transaction)
  IF current_setting('docket.account_bumped', true) = owner::text THEN RETURN NULL; END IF;
  PERFORM set_config('docket.account_bumped', owner::text, true);
  -- a deleted account's rows go with it: nothing to bump
  INSERT INTO "account_versions" ("user_id", "version")
    SELECT owner, 1 WHERE EXISTS (SELECT 1 FROM "users" WHERE "id" = owner)
    ON CONFLICT ("user_id") DO UPDATE SET "version" = "account_versions"."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invoices_bump_account_version" AFTER INSERT OR UPDATE OR DELETE ON "invoices" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_account_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invoice_lines_bump_account_version" AFTER INSERT OR UPDATE OR DELETE ON "invoice_lines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_account_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "quotes_bump_account_version" AFTER INSERT OR UPDATE OR DELETE ON "quotes" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_account_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "quote_lines_bump_account_version" AFTER INSERT OR UPDATE OR DELETE ON "quote_lines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_account_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "clients_bump_account_version" AFTER INSERT OR UPDATE OR DELETE ON "clients" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_account_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payments_bump_account_version" AFTER INSERT OR UPDATE OR DELETE ON "payments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_account_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "credit_notes_bump_account_version" AFTER INSERT OR UPDATE OR DELETE ON "credit_notes" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_account_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "companies_bump_account_version" AFTER INSERT OR UPDATE OR DELETE ON "companies" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_account_version"();
