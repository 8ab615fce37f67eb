-- API keys for the Reseller and API levels (issue 27): only the key's SHA-256 is kept, found by its
-- prefix; the webhook signing secret is derived from TOTP_KEY and the key's id, so it is stored nowhere.
-- A revoked key keeps its row: the audit and past purchases name it.
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"webhook_url" text,
	"allowed_ips" text[] DEFAULT '{}'::text[] NOT NULL,
	"rate_per_second" integer DEFAULT 10 NOT NULL,
	"burst" integer DEFAULT 30 NOT NULL,
	"daily_cap" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "api_keys_limits_check" CHECK ("api_keys"."rate_per_second" > 0 and "api_keys"."burst" >= "api_keys"."rate_per_second"),
	CONSTRAINT "api_keys_cap_check" CHECK ("api_keys"."daily_cap" is null or "api_keys"."daily_cap" > 0)
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_prefix_idx" ON "api_keys" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id","created_at");