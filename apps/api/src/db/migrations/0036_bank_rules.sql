-- Saved rules (docs/product.md, "Rules"): money-out lines whose description contains match_text
-- (and whose amount out is amount_pence, when set) are explained as this expense at import.
CREATE TABLE "bank_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"match_text" text NOT NULL,
	"amount_pence" bigint,
	"supplier" text NOT NULL,
	"category" text NOT NULL,
	"vat" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_rules_amount_positive" CHECK ("amount_pence" IS NULL OR "amount_pence" > 0)
);
--> statement-breakpoint
ALTER TABLE "bank_rules" ADD CONSTRAINT "bank_rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_rules_account_idx" ON "bank_rules" USING btree ("account_id","created_at");
