ALTER TABLE "deployment_requests" DROP CONSTRAINT "deployment_requests_status_check";--> statement-breakpoint
ALTER TABLE "deployment_requests" DROP CONSTRAINT "deployment_requests_direction_check";--> statement-breakpoint
ALTER TABLE "support_attachments" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "deployment_requests" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "deployment_requests" ADD COLUMN "status_changed" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "deployment_requests" ADD COLUMN "partner_identifier_type" text DEFAULT 'GLN' NOT NULL;--> statement-breakpoint
ALTER TABLE "deployment_requests" ADD COLUMN "connection" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "deployment_requests" ADD COLUMN "message_standard" text DEFAULT 'EDIFACT' NOT NULL;--> statement-breakpoint
ALTER TABLE "deployment_requests" ADD COLUMN "environment" text DEFAULT 'PRODUCTION' NOT NULL;--> statement-breakpoint
CREATE INDEX "support_cases_title_trgm_idx" ON "support_cases" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "deployment_requests_status_created_idx" ON "deployment_requests" USING btree ("status","created" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_stored_check" CHECK ("support_attachments"."storage_key" IS NOT NULL OR "support_attachments"."content" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "deployment_requests" ADD CONSTRAINT "deployment_requests_protocol_check" CHECK (protocol IN ('AS2', 'SFTP', 'OFTP2'));--> statement-breakpoint
ALTER TABLE "deployment_requests" ADD CONSTRAINT "deployment_requests_identifier_type_check" CHECK (partner_identifier_type IN ('GLN', 'OVT', 'ORGANISATION_NUMBER'));--> statement-breakpoint
ALTER TABLE "deployment_requests" ADD CONSTRAINT "deployment_requests_standard_check" CHECK (message_standard IN ('EDIFACT', 'X12', 'PEPPOL_BIS'));--> statement-breakpoint
ALTER TABLE "deployment_requests" ADD CONSTRAINT "deployment_requests_environment_check" CHECK (environment IN ('TEST', 'PRODUCTION'));--> statement-breakpoint
ALTER TABLE "deployment_requests" ADD CONSTRAINT "deployment_requests_status_check" CHECK (status IN ('submitted', 'inProgress', 'testing', 'live', 'rejected'));--> statement-breakpoint
ALTER TABLE "deployment_requests" ADD CONSTRAINT "deployment_requests_direction_check" CHECK (direction IN ('INBOUND', 'OUTBOUND', 'BOTH'));