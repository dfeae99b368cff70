CREATE TABLE "testimonials" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_name" text NOT NULL,
	"client_email" text,
	"quote_id" integer,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"name" text,
	"role" text,
	"company" text,
	"quote" text,
	"rating" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "testimonials_status_check" CHECK ("testimonials"."status" in ('requested', 'submitted', 'approved', 'withdrawn')),
	CONSTRAINT "testimonials_rating_check" CHECK ("testimonials"."rating" is null or "testimonials"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_quote_id_quote_requests_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quote_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "testimonials_token_hash_key" ON "testimonials" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "testimonials_status_idx" ON "testimonials" USING btree ("status","submitted_at" DESC NULLS LAST);