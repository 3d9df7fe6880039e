SET LOCAL lock_timeout = '1s';--> statement-breakpoint
CREATE TABLE "account_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"key_prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "account_api_keys_scopes_check" CHECK (scopes <@ ARRAY['tracking:read', 'ediTracking:read']::text[] AND cardinality(scopes) > 0)
);
--> statement-breakpoint
CREATE TABLE "hub_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hub_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"fanned_out_at" timestamp with time zone,
	CONSTRAINT "hub_events_type_check" CHECK (type IN ('document.status_changed', 'document.delivered', 'document.rejected', 'file.arrived', 'edi_message.status_changed', 'alert.raised', 'alert.resolved', 'report.ready'))
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"trigger" text NOT NULL,
	"http_status" integer,
	"latency_ms" integer NOT NULL,
	"response_excerpt" text,
	"error" text,
	"succeeded" boolean NOT NULL,
	CONSTRAINT "webhook_attempts_trigger_check" CHECK (trigger IN ('event', 'retry', 'replay', 'test'))
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"customer_id" integer NOT NULL,
	"event_id" bigint,
	"event_type" text NOT NULL,
	"test_payload" jsonb,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_state_check" CHECK (state IN ('pending', 'succeeded', 'failing', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_types" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"disabled_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_event_types_check" CHECK (event_types <@ ARRAY['document.status_changed', 'document.delivered', 'document.rejected', 'file.arrived', 'edi_message.status_changed', 'alert.raised', 'alert.resolved', 'report.ready']::text[] AND cardinality(event_types) > 0),
	CONSTRAINT "webhook_endpoints_disabled_reason_check" CHECK (disabled_reason IS NULL OR disabled_reason IN ('manual', 'failing'))
);
--> statement-breakpoint
CREATE TABLE "webhook_secrets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"secret" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_checks" (
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_checks_customer_id_kind_pk" PRIMARY KEY("customer_id","kind"),
	CONSTRAINT "alert_checks_kind_check" CHECK (kind IN ('missingFile', 'documentsRejected', 'documentsNotDelivered', 'ediMessageFailed', 'reportFailed'))
);
--> statement-breakpoint
CREATE TABLE "alert_preferences" (
	"user_id" uuid NOT NULL,
	"customer_id" integer NOT NULL,
	"in_hub" boolean DEFAULT true NOT NULL,
	"email" text DEFAULT 'off' NOT NULL,
	"digest_sent_at" timestamp with time zone,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_preferences_user_id_customer_id_pk" PRIMARY KEY("user_id","customer_id"),
	CONSTRAINT "alert_preferences_email_check" CHECK (email IN ('off', 'immediate', 'digest'))
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channel" text,
	"measure" text NOT NULL,
	"threshold" numeric NOT NULL,
	"window_minutes" integer NOT NULL,
	"min_documents" integer DEFAULT 20 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_rules_kind_check" CHECK (kind IN ('documentsRejected', 'documentsNotDelivered')),
	CONSTRAINT "alert_rules_measure_check" CHECK (measure IN ('share', 'count')),
	CONSTRAINT "alert_rules_threshold_check" CHECK (threshold > 0 AND (measure = 'count' OR threshold <= 100)),
	CONSTRAINT "alert_rules_window_check" CHECK (window_minutes BETWEEN 5 AND 10080)
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject_key" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" jsonb,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"acknowledgement_comment" text,
	CONSTRAINT "alerts_kind_check" CHECK (kind IN ('missingFile', 'documentsRejected', 'documentsNotDelivered', 'ediMessageFailed', 'reportFailed')),
	CONSTRAINT "alerts_status_check" CHECK (status IN ('open', 'resolved')),
	CONSTRAINT "alerts_resolved_check" CHECK ((status = 'resolved') = (resolved_at IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "expected_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"filename_pattern" text NOT NULL,
	"application" text,
	"deadline" text NOT NULL,
	"time_zone" text NOT NULL,
	"days" text DEFAULT 'businessDays' NOT NULL,
	"min_documents" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_deadline_at" timestamp with time zone NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expected_deliveries_days_check" CHECK (days IN ('businessDays', 'everyDay')),
	CONSTRAINT "expected_deliveries_deadline_check" CHECK (deadline ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "expected_deliveries_min_documents_check" CHECK (min_documents IS NULL OR min_documents > 0)
);
--> statement-breakpoint
CREATE TABLE "expected_delivery_deadlines" (
	"rule_id" uuid NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"file_id" bigint,
	"arrived_at" timestamp with time zone,
	"late_minutes" integer,
	CONSTRAINT "expected_delivery_deadlines_rule_id_deadline_at_pk" PRIMARY KEY("rule_id","deadline_at"),
	CONSTRAINT "expected_delivery_deadlines_outcome_check" CHECK (outcome IN ('onTime', 'late', 'missing'))
);
--> statement-breakpoint
ALTER TABLE "account_api_keys" ADD CONSTRAINT "account_api_keys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_api_keys" ADD CONSTRAINT "account_api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_api_keys" ADD CONSTRAINT "account_api_keys_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_events" ADD CONSTRAINT "hub_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_hub_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."hub_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_secrets" ADD CONSTRAINT "webhook_secrets_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_checks" ADD CONSTRAINT "alert_checks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_preferences" ADD CONSTRAINT "alert_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_preferences" ADD CONSTRAINT "alert_preferences_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_deliveries" ADD CONSTRAINT "expected_deliveries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_deliveries" ADD CONSTRAINT "expected_deliveries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_delivery_deadlines" ADD CONSTRAINT "expected_delivery_deadlines_rule_id_expected_deliveries_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."expected_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_api_keys_key_hash_key" ON "account_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "account_api_keys_customer_idx" ON "account_api_keys" USING btree ("customer_id","created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "hub_events_pending_idx" ON "hub_events" USING btree ("id") WHERE fanned_out_at IS NULL;--> statement-breakpoint
CREATE INDEX "hub_events_created_idx" ON "hub_events" USING btree ("created");--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE state IN ('pending', 'failing');--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_customer_idx" ON "webhook_deliveries" USING btree ("customer_id","created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_customer_idx" ON "webhook_endpoints" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "webhook_secrets_endpoint_idx" ON "webhook_secrets" USING btree ("endpoint_id");--> statement-breakpoint
CREATE INDEX "alert_rules_customer_idx" ON "alert_rules" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_subject_key" ON "alerts" USING btree ("customer_id","subject_key") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "alerts_customer_raised_idx" ON "alerts" USING btree ("customer_id","raised_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "expected_deliveries_customer_idx" ON "expected_deliveries" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "expected_deliveries_due_idx" ON "expected_deliveries" USING btree ("next_deadline_at") WHERE enabled;--> statement-breakpoint
-- Every account starts with the threshold rules docs/alerts.md lists, each switchable: the ones
-- there are now, and each new one from the moment it is created (whichever path creates it).
CREATE FUNCTION default_alert_rules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alert_rules (customer_id, kind, channel, measure, threshold, window_minutes)
  VALUES (NEW.id, 'documentsRejected', NULL, 'share', 5, 60),
         (NEW.id, 'documentsNotDelivered', NULL, 'share', 10, 1440);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER customers_default_alert_rules AFTER INSERT ON customers
  FOR EACH ROW EXECUTE FUNCTION default_alert_rules();--> statement-breakpoint
INSERT INTO alert_rules (customer_id, kind, channel, measure, threshold, window_minutes)
SELECT c.id, r.kind, NULL, 'share', r.threshold, r.window_minutes
  FROM customers c
 CROSS JOIN (VALUES ('documentsRejected', 5, 60), ('documentsNotDelivered', 10, 1440)) AS r(kind, threshold, window_minutes);
