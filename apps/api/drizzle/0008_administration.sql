CREATE TABLE "crm_accounts" (
	"customer_number" text PRIMARY KEY NOT NULL,
	"name" text,
	"market" varchar(2),
	"organizational_number" text,
	"vat_number" text,
	"crm_mapping_guid" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_import_items" (
	"import_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"customer_number" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"missing_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"customer_id" integer,
	"processed_at" timestamp with time zone,
	CONSTRAINT "customer_import_items_import_id_position_pk" PRIMARY KEY("import_id","position"),
	CONSTRAINT "customer_import_items_status_check" CHECK (status IN ('pending', 'imported', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "customer_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requested_by" uuid,
	"requested_by_email" text NOT NULL,
	"request_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "customer_imports_status_check" CHECK (status IN ('queued', 'running', 'finished', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "permissions" DROP CONSTRAINT "permissions_prefix_check";--> statement-breakpoint
ALTER TABLE "services" DROP CONSTRAINT "services_short_name_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_import_items" ADD CONSTRAINT "customer_import_items_import_id_customer_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."customer_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_import_items" ADD CONSTRAINT "customer_import_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_imports" ADD CONSTRAINT "customer_imports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_imports_requested_by_idx" ON "customer_imports" USING btree ("requested_by","created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "permissions_customer_idx" ON "permissions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "audit_log_customer_idx" ON "audit_log" USING btree ("customer_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "email_tokens_customer_idx" ON "email_tokens" USING btree ("customer_id","created" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_short_name_format" CHECK ("services"."short_name" ~ '^[A-Z][A-Z0-9]{1,15}$');