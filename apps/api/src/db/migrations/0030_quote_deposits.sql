ALTER TABLE "quotes" ADD COLUMN "deposit_bp" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "deposit_pence" bigint;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_deposit_one_way" CHECK (num_nonnulls("quotes"."deposit_bp", "quotes"."deposit_pence") <= 1);
