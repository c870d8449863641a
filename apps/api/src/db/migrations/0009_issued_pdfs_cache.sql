CREATE TABLE "issued_pdfs" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"document_id" uuid NOT NULL,
	"model_hash" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issued_pdfs_user_id_kind_document_id_model_hash_pk" PRIMARY KEY("user_id","kind","document_id","model_hash")
);
--> statement-breakpoint
ALTER TABLE "issued_pdfs" ADD CONSTRAINT "issued_pdfs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;