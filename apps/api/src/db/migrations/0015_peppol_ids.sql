ALTER TABLE "clients" ADD COLUMN "peppol_scheme" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "peppol_id" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "peppol_scheme" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "peppol_id" text;
