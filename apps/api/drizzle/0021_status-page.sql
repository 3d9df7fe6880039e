SET LOCAL lock_timeout = '1s';--> statement-breakpoint
CREATE TABLE "status_notice_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notice_id" uuid NOT NULL,
	"status" text NOT NULL,
	"message" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "status_notice_updates_status_check" CHECK (status IN ('investigating', 'identified', 'monitoring', 'resolved', 'scheduled', 'inProgress', 'completed')),
	CONSTRAINT "status_notice_updates_message_check" CHECK (jsonb_typeof(message -> 'en-SE') = 'string')
);
--> statement-breakpoint
CREATE TABLE "status_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"components" text[] NOT NULL,
	"impact" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "status_notices_kind_check" CHECK (kind IN ('incident', 'maintenance')),
	CONSTRAINT "status_notices_impact_check" CHECK ((kind = 'incident') = (impact IS NOT NULL)),
	CONSTRAINT "status_notices_impact_value_check" CHECK (impact IN ('minor', 'major')),
	CONSTRAINT "status_notices_window_check" CHECK ((kind = 'maintenance') = (ends_at IS NOT NULL) AND (ends_at IS NULL OR ends_at > starts_at)),
	CONSTRAINT "status_notices_components_check" CHECK (components <@ ARRAY['signIn', 'api', 'tracking', 'reports', 'email', 'ediTracking']::text[] AND cardinality(components) > 0),
	CONSTRAINT "status_notices_title_check" CHECK (jsonb_typeof(title -> 'en-SE') = 'string')
);
--> statement-breakpoint
ALTER TABLE "status_notice_updates" ADD CONSTRAINT "status_notice_updates_notice_id_status_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."status_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "status_notice_updates_notice_idx" ON "status_notice_updates" USING btree ("notice_id","created");--> statement-breakpoint
CREATE INDEX "status_notices_starts_at_idx" ON "status_notices" USING btree ("starts_at" DESC NULLS LAST);