-- A business, not a login (docs/product.md, "Accounts and roles"): every row of business data
-- belongs to an account; a user signs in and is a member of one or more accounts with a role.
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"engineers_see_prices" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"session_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_account_id_user_id_pk" PRIMARY KEY("account_id","user_id"),
	CONSTRAINT "memberships_role_known" CHECK ("role" in ('OWNER', 'OFFICE', 'ENGINEER', 'ACCOUNTANT'))
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "account_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"cancelled_at" timestamp with time zone,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_invitations_role_known" CHECK ("role" in ('OWNER', 'OFFICE', 'ENGINEER', 'ACCOUNTANT'))
);
--> statement-breakpoint
ALTER TABLE "account_invitations" ADD CONSTRAINT "account_invitations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invitations" ADD CONSTRAINT "account_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invitations" ADD CONSTRAINT "account_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_invitations_token_hash_unique" ON "account_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_invitations_account_idx" ON "account_invitations" USING btree ("account_id","created_at");--> statement-breakpoint
-- Every user becomes the owner of an account with the user's own id, so every row keeps its tenant value.
INSERT INTO "accounts" ("id", "name", "created_at")
  SELECT u."id", coalesce((SELECT c."name" FROM "companies" c WHERE c."user_id" = u."id"), u."email"), u."created_at" FROM "users" u;--> statement-breakpoint
INSERT INTO "memberships" ("account_id", "user_id", "role", "created_at") SELECT "id", "id", 'OWNER', "created_at" FROM "users";--> statement-breakpoint
-- The tenant column of every business table: user_id -> account_id, pointing at accounts. Password
-- reset tokens stay a user's.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT con.conname, cls.relname AS tbl, con.confdeltype
      FROM pg_constraint con
      JOIN pg_class cls ON cls.oid = con.conrelid
      JOIN pg_namespace ns ON ns.oid = cls.relnamespace
      JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = con.conkey[1]
     WHERE con.contype = 'f' AND ns.nspname = 'public' AND con.confrelid = 'public.users'::regclass
       AND att.attname = 'user_id' AND cls.relname NOT IN ('password_reset_tokens', 'memberships')
  LOOP
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', r.tbl, r.conname);
    EXECUTE format('ALTER TABLE %I RENAME COLUMN "user_id" TO "account_id"', r.tbl);
    EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade', r.tbl, r.tbl || '_account_id_accounts_id_fk');
  END LOOP;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_issued_quote_number"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" <> 'DRAFT' THEN
    INSERT INTO "issued_numbers" ("account_id", "kind", "number") VALUES (NEW."account_id", 'quote', NEW."quote_number") ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_issued_invoice_number"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" <> 'DRAFT' THEN
    INSERT INTO "issued_numbers" ("account_id", "kind", "number") VALUES (NEW."account_id", 'invoice', NEW."invoice_number") ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_account_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
BEGIN
  -- a restore writes the versions and kept answers of the backup as they were
  IF current_setting('docket.restoring', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN owner := OLD.account_id; ELSE owner := NEW.account_id; END IF;
  -- once per transaction and account (the setting is local: it ends with the transaction)
  IF current_setting('docket.account_bumped', true) = owner::text THEN RETURN NULL; END IF;
  PERFORM set_config('docket.account_bumped', owner::text, true);
  -- a deleted account's rows go with it: nothing to bump
  INSERT INTO "account_versions" ("account_id", "version")
    SELECT owner, 1 WHERE EXISTS (SELECT 1 FROM "accounts" WHERE "id" = owner)
    ON CONFLICT ("account_id") DO UPDATE SET "version" = "account_versions"."version" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Who did it: the member who wrote the row (null for rows written before accounts, and by the system).
ALTER TABLE "document_history" ADD COLUMN "actor_user_id" uuid REFERENCES "public"."users"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "actor_user_id" uuid REFERENCES "public"."users"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "actor_user_id" uuid REFERENCES "public"."users"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "actor_user_id" uuid REFERENCES "public"."users"("id") ON DELETE set null;--> statement-breakpoint
-- Calendar per member: the member an event is for (null: nobody in particular).
ALTER TABLE "calendar_events" ADD COLUMN "assignee_user_id" uuid REFERENCES "public"."users"("id") ON DELETE set null;
