CREATE TABLE "report_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"level" text NOT NULL,
	"type" text DEFAULT 'CSV' NOT NULL,
	"frequency" text NOT NULL,
	"language" text NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedules_type_check" CHECK (type IN ('CSV', 'XLSX')),
	CONSTRAINT "report_schedules_level_check" CHECK (level IN ('document', 'file')),
	CONSTRAINT "report_schedules_frequency_check" CHECK (frequency IN ('daily', 'weekly', 'monthly')),
	CONSTRAINT "report_schedules_language_check" CHECK (language IN ('en-SE', 'sv', 'no', 'da', 'fi'))
);
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_type_check";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_status_check";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "schedule_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "language" text DEFAULT 'en-SE' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "rows_written" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "size_bytes" bigint;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "generation_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_schedules_customer_idx" ON "report_schedules" USING btree ("customer_id","created");--> statement-breakpoint
CREATE INDEX "report_schedules_due_idx" ON "report_schedules" USING btree ("next_run_at") WHERE NOT "report_schedules"."paused";--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_schedule_id_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."report_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_expires_idx" ON "reports" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "reports" DROP COLUMN "content";--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_language_check" CHECK (language IN ('en-SE', 'sv', 'no', 'da', 'fi'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_error_check" CHECK ("reports"."error" IS NULL OR "reports"."error" IN ('tooLarge', 'generationFailed'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_type_check" CHECK (type IN ('CSV', 'XLSX'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_status_check" CHECK (status IN ('queued', 'generating', 'ready', 'failed', 'expired'));