-- SMS (issue 38): an outbox of text messages to customers (tokens, outcomes, identity codes, disputes),
-- written in the transaction of what they announce and sent through Termii by the outbox sender, with
-- the delivery report Termii last gave; the per-purchase, per-day count of "Resend token"; which
-- outcomes each customer wants by SMS; whether this deployment sends SMS at all; and a prepaid
-- meter's key change tokens (KCT1, KCT2) beside its token.
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"transaction_id" uuid,
	"purpose" text NOT NULL,
	"recipient" text NOT NULL,
	"message" text,
	"sealed" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"provider_message_id" text,
	"gave_up_at" timestamp with time zone,
	"last_error" text,
	"status" text,
	"outcome" text,
	"status_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"outcomes" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sms_preferences_outcomes_check" CHECK ("sms_preferences"."outcomes" in ('off', 'electricity', 'all'))
);
--> statement-breakpoint
CREATE TABLE "sms_resends" (
	"transaction_id" uuid NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "sms_resends_transaction_id_day_pk" PRIMARY KEY("transaction_id","day")
);
--> statement-breakpoint
CREATE TABLE "sms_switch" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"on" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sms_switch_one_row" CHECK ("sms_switch"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "kcts" text;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_preferences" ADD CONSTRAINT "sms_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_resends" ADD CONSTRAINT "sms_resends_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_messages_due_idx" ON "sms_messages" USING btree ("next_attempt_at") WHERE "sms_messages"."sent_at" is null and "sms_messages"."gave_up_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_provider_id_key" ON "sms_messages" USING btree ("provider_message_id") WHERE "sms_messages"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "sms_messages_transaction_idx" ON "sms_messages" USING btree ("transaction_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_created_idx" ON "sms_messages" USING btree ("created_at");