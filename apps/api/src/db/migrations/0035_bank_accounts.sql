-- Bank accounts and their statement lines (docs/product.md, "Bank accounts and statements").
CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sort_code" text,
	"account_number" text,
	"csv_mapping" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_account_idx" ON "bank_accounts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE TABLE "bank_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"date" date NOT NULL,
	"amount_pence" bigint NOT NULL,
	"description" text NOT NULL,
	"balance_pence" bigint,
	"bank_transaction_id" text,
	"fingerprint" text NOT NULL,
	"explained_type" text,
	"explanation" jsonb,
	"explained_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Re-importing an overlapping statement adds nothing twice: one line per fingerprint per bank account.
CREATE UNIQUE INDEX "bank_lines_fingerprint_unique" ON "bank_lines" USING btree ("bank_account_id","fingerprint");--> statement-breakpoint
CREATE INDEX "bank_lines_account_date_idx" ON "bank_lines" USING btree ("account_id","bank_account_id","date","id");
