CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"message" text,
	"sealed" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"gave_up_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "sign_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text NOT NULL,
	"password_hash" text NOT NULL,
	"referred_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"outcome" text,
	"user_id" uuid,
	CONSTRAINT "sign_ups_email_lower_check" CHECK ("sign_ups"."email" = lower("sign_ups"."email")),
	CONSTRAINT "sign_ups_outcome_check" CHECK ("sign_ups"."outcome" in ('verified', 'superseded'))
);
--> statement-breakpoint
ALTER TABLE "one_time_codes" DROP CONSTRAINT "one_time_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "one_time_codes" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "sign_up_id" uuid;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "link_hash" text;--> statement-breakpoint
ALTER TABLE "sign_ups" ADD CONSTRAINT "sign_ups_referred_by_users_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_ups" ADD CONSTRAINT "sign_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" is null and "mail_outbox"."gave_up_at" is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sign_ups_email_idx" ON "sign_ups" USING btree ("email","created_at");--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_sign_up_id_sign_ups_id_fk" FOREIGN KEY ("sign_up_id") REFERENCES "public"."sign_ups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "one_time_codes_sign_up_idx" ON "one_time_codes" USING btree ("sign_up_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_codes_link_hash_key" ON "one_time_codes" USING btree ("link_hash");--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_holder_check" CHECK (("one_time_codes"."user_id" is null) <> ("one_time_codes"."sign_up_id" is null));--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_purpose_check" CHECK ("one_time_codes"."purpose" in ('email_verification', 'pin_reset', 'password_reset', 'sign_in'));--> statement-breakpoint

-- Customers who signed up before sign-ups were kept apart from accounts, and never proved their email,
-- become sign-ups again (issue 23): as accounts they could be verified by whoever held the inbox with
-- a stranger's password. Each keeps its password and names and has a day to be confirmed. One that
-- anything else already refers to (a ledger entry, a purchase, a referral, an audit row) is left as it
-- was; "Forgot password?" still proves its email.
DO $$
DECLARE
  u record;
BEGIN
  FOR u IN SELECT * FROM users WHERE role = 'customer' AND email_verified_at IS NULL LOOP
    IF EXISTS (SELECT 1 FROM users r WHERE r.referred_by = u.id) THEN
      CONTINUE;
    END IF;
    BEGIN
      DELETE FROM one_time_codes WHERE user_id = u.id;
      DELETE FROM sessions WHERE user_id = u.id;
      DELETE FROM wallets WHERE user_id = u.id;
      DELETE FROM users WHERE id = u.id;
      INSERT INTO sign_ups (email, first_name, last_name, phone, password_hash, referred_by, created_at, expires_at)
      VALUES (u.email, u.first_name, u.last_name, u.phone, u.password_hash, u.referred_by, now(), now() + interval '1 day');
    EXCEPTION WHEN foreign_key_violation THEN
      NULL;
    END;
  END LOOP;
END $$;
