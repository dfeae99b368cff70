CREATE TABLE "booking_reminders" (
	"booking_id" integer NOT NULL,
	"hours_before" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_reminders_booking_id_hours_before_start_at_pk" PRIMARY KEY("booking_id","hours_before","start_at")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "manage_token_sealed" text;--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;