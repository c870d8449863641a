ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "email_verified_at" = "created_at";--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_deliveries_due_idx" ON "email_deliveries" USING btree ("next_attempt_at") WHERE "email_deliveries"."status" = 'queued';--> statement-breakpoint
ALTER TABLE "recurring_issues" ADD COLUMN "send_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_issues" ADD COLUMN "delivery_id" uuid;--> statement-breakpoint
ALTER TABLE "recurring_issues" ADD CONSTRAINT "recurring_issues_delivery_id_email_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."email_deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_issues_send_pending_idx" ON "recurring_issues" USING btree ("recurring_id") WHERE "recurring_issues"."send_pending";
