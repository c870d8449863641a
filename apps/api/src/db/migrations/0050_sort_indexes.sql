-- The list screens' other orders (documents/document-order.ts: by total, by number, by client name)
-- had no index: every page sorted every document of the account, 40–110 ms at 100,000 invoices
-- (bench/results.md, growth). Each order now walks an index of the account's rows in that order and
-- sorts only the ties (same total, same name) as it goes; by client name, the account's clients are
-- walked in name order and each one's documents by its own index.
CREATE INDEX IF NOT EXISTS "invoices_user_total_idx" ON "invoices" USING btree ("account_id", "total_pence");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_user_number_length_idx" ON "invoices" USING btree ("account_id", length("invoice_number"), "invoice_number");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quotes_user_total_idx" ON "quotes" USING btree ("account_id", "total_pence");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quotes_user_number_length_idx" ON "quotes" USING btree ("account_id", length("quote_number"), "quote_number");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clients_user_name_idx" ON "clients" USING btree ("account_id", lower("name"));
