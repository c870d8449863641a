CREATE TABLE "invoice_pay_codes" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_pay_codes" ADD CONSTRAINT "invoice_pay_codes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_pay_codes" ADD CONSTRAINT "invoice_pay_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_pay_codes_code_unique" ON "invoice_pay_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "invoice_pay_codes_account_idx" ON "invoice_pay_codes" USING btree ("account_id");
