ALTER TABLE "bookings" ADD COLUMN "call_type" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "call_type_name" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "origin" text DEFAULT 'quote' NOT NULL;