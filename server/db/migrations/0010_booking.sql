CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"time_zone" text,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"ip_address" text,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('booked', 'cancelled')),
	CONSTRAINT "bookings_time_check" CHECK ("bookings"."end_at" > "bookings"."start_at")
);
--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "attachment" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_token_hash_key" ON "bookings" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_booked_start_key" ON "bookings" USING btree ("start_at") WHERE "bookings"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "bookings_start_idx" ON "bookings" USING btree ("start_at");