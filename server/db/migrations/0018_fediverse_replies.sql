ALTER TABLE "comments" ADD COLUMN "activity_id" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "author_actor" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "author_handle" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "author_url" text;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_activity_id_unique" UNIQUE("activity_id");