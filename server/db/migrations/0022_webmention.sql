CREATE TABLE "webmention_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"target" text NOT NULL,
	"endpoint" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webmention_sends_post_target_unique" UNIQUE("post_id","target"),
	CONSTRAINT "webmention_sends_status_check" CHECK ("webmention_sends"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webmentions" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"source" text NOT NULL,
	"target" text NOT NULL,
	"status" text DEFAULT 'checking' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"check_after" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	CONSTRAINT "webmentions_source_post_unique" UNIQUE("source","post_id"),
	CONSTRAINT "webmentions_status_check" CHECK ("webmentions"."status" in ('checking', 'pending', 'approved'))
);
--> statement-breakpoint
ALTER TABLE "webmention_sends" ADD CONSTRAINT "webmention_sends_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webmentions" ADD CONSTRAINT "webmentions_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webmention_sends_due_idx" ON "webmention_sends" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webmentions_post_status_idx" ON "webmentions" USING btree ("post_id","status");--> statement-breakpoint
CREATE INDEX "webmentions_checking_idx" ON "webmentions" USING btree ("status","check_after");