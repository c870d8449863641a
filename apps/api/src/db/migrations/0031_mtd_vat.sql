-- Making Tax Digital for VAT (docs/product.md, "Filing VAT returns with HMRC").
-- One HMRC connection per account; its tokens are encrypted by the app (SECRETS_KEY) before they get here.
CREATE TABLE "mtd_connections" (
	"account_id" uuid PRIMARY KEY NOT NULL REFERENCES "public"."accounts"("id") ON DELETE cascade,
	"vrn" text NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"connected_by" uuid REFERENCES "public"."users"("id") ON DELETE set null
);
--> statement-breakpoint
-- An authorisation in flight: the state's hash (the state itself only travels to HMRC and back) and the PKCE verifier, encrypted.
CREATE TABLE "mtd_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "public"."accounts"("id") ON DELETE cascade,
	"started_by" uuid NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"code_verifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mtd_oauth_states_account_idx" ON "mtd_oauth_states" USING btree ("account_id");
