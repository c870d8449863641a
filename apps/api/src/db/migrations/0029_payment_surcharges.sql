ALTER TABLE "payment_providers" ADD COLUMN "surcharge_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "surcharge_pence" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_providers" ADD CONSTRAINT "payment_providers_surcharge_range" CHECK ("payment_providers"."surcharge_bp" >= 0 AND "payment_providers"."surcharge_bp" <= 1000);
