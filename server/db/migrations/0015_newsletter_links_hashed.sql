DROP INDEX "newsletter_subscribers_token_key";--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" DROP COLUMN "token";