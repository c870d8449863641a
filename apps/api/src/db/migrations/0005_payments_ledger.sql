CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"amount_pence" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_pence" > 0)
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "is_business" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "late_payment_notice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "base_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "base_rate_set_on" date;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id","paid_on","created_at");--> statement-breakpoint
CREATE INDEX "payments_user_paid_on_idx" ON "payments" USING btree ("user_id","paid_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_user_client_idx" ON "payments" USING btree ("user_id","client_id","paid_on");--> statement-breakpoint
INSERT INTO "payments" ("user_id", "invoice_id", "client_id", "amount_pence", "paid_on", "method", "reference", "created_at")
SELECT i."user_id", i."id", i."client_id",
	i."total_pence" - coalesce((SELECT sum(c."total_pence") FROM "credit_notes" c WHERE c."invoice_id" = i."id"), 0),
	(coalesce(i."paid_at", i."updated_at") AT TIME ZONE 'Europe/London')::date,
	'BANK_TRANSFER', NULL, coalesce(i."paid_at", i."updated_at")
FROM "invoices" i
WHERE i."status" = 'PAID'
	AND i."total_pence" - coalesce((SELECT sum(c."total_pence") FROM "credit_notes" c WHERE c."invoice_id" = i."id"), 0) > 0;
