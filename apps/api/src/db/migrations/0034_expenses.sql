-- What the business spends (docs/product.md, "Expenses"): purchases feed boxes 4 and 7 of the VAT return.
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"date" date NOT NULL,
	"supplier" text NOT NULL,
	"description" text,
	"category" text NOT NULL,
	"net_pence" bigint NOT NULL,
	"vat" text NOT NULL,
	"vat_pence" bigint NOT NULL,
	"total_pence" bigint NOT NULL,
	"paid_from" text,
	"client_id" uuid,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_amounts_not_negative" CHECK ("net_pence" >= 0 AND "vat_pence" >= 0 AND "total_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_account_date_idx" ON "expenses" USING btree ("account_id","date","id");--> statement-breakpoint
CREATE INDEX "expenses_account_created_idx" ON "expenses" USING btree ("account_id","created_at" DESC,"id" DESC);--> statement-breakpoint
-- The receipt beside its expense, so lists never read the bytes; a storage port can move them elsewhere.
CREATE TABLE "expense_receipts" (
	"expense_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"mime_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"data" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "expense_receipts" ADD CONSTRAINT "expense_receipts_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_receipts" ADD CONSTRAINT "expense_receipts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
