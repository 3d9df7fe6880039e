CREATE TABLE "support_case_items" (
	"case_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"item_id" bigint NOT NULL,
	"customer_id" integer NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "support_case_items_pkey" PRIMARY KEY("case_id","kind","item_id"),
	CONSTRAINT "support_case_items_kind_check" CHECK (kind IN ('trackingDocument', 'trackingFile', 'ediConsignment', 'ediMessage', 'ediDocument'))
);
--> statement-breakpoint
CREATE TABLE "recent_searches" (
	"user_id" uuid NOT NULL,
	"query" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recent_searches_pkey" PRIMARY KEY("user_id","query")
);
--> statement-breakpoint
CREATE TABLE "recently_opened" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"customer_id" integer,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recently_opened_pkey" PRIMARY KEY("user_id","kind","item_id"),
	CONSTRAINT "recently_opened_kind_check" CHECK (kind IN ('trackingDocument', 'trackingFile', 'ediConsignment', 'ediMessage', 'ediDocument', 'supportCase', 'report', 'customer', 'user'))
);
--> statement-breakpoint
ALTER TABLE "support_case_items" ADD CONSTRAINT "support_case_items_case_id_support_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."support_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_searches" ADD CONSTRAINT "recent_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recently_opened" ADD CONSTRAINT "recently_opened_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recently_opened" ADD CONSTRAINT "recently_opened_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_case_items_item_idx" ON "support_case_items" USING btree ("customer_id","kind","item_id");