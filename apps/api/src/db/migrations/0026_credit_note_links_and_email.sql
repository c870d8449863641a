-- A credit note is emailed and shared by link like an invoice (docs/product.md, "Credit notes"): its links, its emails and the notifications about them name it.
ALTER TABLE "share_links" ADD COLUMN "credit_note_id" uuid;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" DROP CONSTRAINT "share_links_one_document";--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_one_document" CHECK (num_nonnulls("quote_id", "invoice_id", "credit_note_id") = 1);--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_live_credit_note_unique" ON "share_links" USING btree ("credit_note_id") WHERE "revoked_at" is null and "credit_note_id" is not null;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "credit_note_id" uuid;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_deliveries_credit_note_idx" ON "email_deliveries" USING btree ("credit_note_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "credit_note_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_one_document";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_one_document" CHECK (num_nonnulls("quote_id", "invoice_id", "credit_note_id") = 1);
