CREATE TABLE "statement_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statement_links" ADD CONSTRAINT "statement_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_links" ADD CONSTRAINT "statement_links_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_links_token_hash_unique" ON "statement_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_links_live_client_unique" ON "statement_links" USING btree ("client_id") WHERE "statement_links"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "statement_links_account_idx" ON "statement_links" USING btree ("account_id");--> statement-breakpoint
DROP INDEX "payments_provider_reference_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_reference_unique" ON "payments" USING btree ("account_id","provider","reference","invoice_id") WHERE "payments"."provider" is not null;--> statement-breakpoint
ALTER TABLE "client_credits" ALTER COLUMN "invoice_id" DROP NOT NULL;
