-- Trigram indexes back the list searches (ILIKE %term%). pg_trgm ships with PostgreSQL contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "events_title_trgm_idx" ON "calendar_events" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_description_trgm_idx" ON "calendar_events" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_location_trgm_idx" ON "calendar_events" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_name_trgm_idx" ON "clients" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_email_trgm_idx" ON "clients" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoice_lines_description_trgm_idx" ON "invoice_lines" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_number_trgm_idx" ON "invoices" USING gin ("invoice_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_name_trgm_idx" ON "items" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_description_trgm_idx" ON "items" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quote_lines_description_trgm_idx" ON "quote_lines" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotes_number_trgm_idx" ON "quotes" USING gin ("quote_number" gin_trgm_ops);