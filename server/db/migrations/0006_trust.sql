CREATE TABLE "address_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "try_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"blocked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "one_time_codes" DROP CONSTRAINT "one_time_codes_purpose_check";--> statement-breakpoint
CREATE INDEX "try_counters_updated_idx" ON "try_counters" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "one_time_codes" DROP COLUMN "attempts";--> statement-breakpoint
-- A PIN lock still running carries over to the new counter (sign-in locks become per address, so they do not).
INSERT INTO "try_counters" ("key", "failures", "pending", "blocked_until", "updated_at")
  SELECT 'pin:' || "id", 5, 0, "pin_locked_until", now() FROM "users" WHERE "pin_locked_until" > now();--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "login_locked_until";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_pins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "pin_locked_until";--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_purpose_check" CHECK ("one_time_codes"."purpose" in ('email_verification', 'pin_reset', 'password_reset'));