CREATE TABLE "user_identities" (
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_identities_issuer_subject_pk" PRIMARY KEY("issuer","subject")
);
--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_user_issuer_key" ON "user_identities" USING btree ("user_id","issuer");--> statement-breakpoint
-- One spelling per address (normalizeEmail: NFKC, lower case): sign-in and invitations compare by equality.
UPDATE "users" SET "email" = lower(normalize("email", NFKC)), "username" = lower(normalize("username", NFKC)) WHERE "email" <> lower(normalize("email", NFKC)) OR "username" <> lower(normalize("username", NFKC));
