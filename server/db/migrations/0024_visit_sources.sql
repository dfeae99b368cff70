CREATE TABLE "analytics_visits" (
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	"channel" text NOT NULL,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"landing" text NOT NULL,
	"device" text NOT NULL,
	CONSTRAINT "analytics_visits_day_visitor_hash_pk" PRIMARY KEY("day","visitor_hash")
);
