CREATE TABLE "statement_pay_codes" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statement_pay_codes" ADD CONSTRAINT "statement_pay_codes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_pay_codes" ADD CONSTRAINT "statement_pay_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_pay_codes_code_unique" ON "statement_pay_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "statement_pay_codes_account_idx" ON "statement_pay_codes" USING btree ("account_id");
