CREATE TABLE "dedicated_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"customer_code" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"provider_low_balance" bigint DEFAULT 5000000 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" uuid,
	CONSTRAINT "operator_settings_single_row" CHECK ("operator_settings"."id" = 1),
	CONSTRAINT "operator_settings_low_balance_check" CHECK ("operator_settings"."provider_low_balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "provider_alerts" (
	"kind" text PRIMARY KEY NOT NULL,
	"detail" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"occurrences" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "provider_alerts_kind_check" CHECK ("provider_alerts"."kind" in ('low_balance', 'account'))
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"checked" integer DEFAULT 0 NOT NULL,
	"credited" integer DEFAULT 0 NOT NULL,
	"credited_amount" bigint DEFAULT 0 NOT NULL,
	"unmatched" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"ran_by" uuid
);
--> statement-breakpoint
ALTER TABLE "discos" ADD COLUMN "service_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "airtime_service_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "data_service_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "provider_request_id" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "units" text;--> statement-breakpoint
ALTER TABLE "dedicated_accounts" ADD CONSTRAINT "dedicated_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_settings" ADD CONSTRAINT "operator_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD CONSTRAINT "reconciliation_runs_ran_by_users_id_fk" FOREIGN KEY ("ran_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dedicated_accounts_number_key" ON "dedicated_accounts" USING btree ("gateway","account_number");--> statement-breakpoint
CREATE INDEX "dedicated_accounts_customer_idx" ON "dedicated_accounts" USING btree ("gateway","customer_code");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_provider_request_key" ON "transactions" USING btree ("provider_request_id") WHERE "transactions"."provider_request_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_gateway_payment_key" ON "transactions" USING btree ("provider","provider_reference") WHERE "transactions"."kind" = 'funding' and "transactions"."provider_reference" is not null;--> statement-breakpoint
-- Installations seeded before the provider mapping existed get VTpass's serviceIDs for the seeded rows.
UPDATE "networks" SET "airtime_service_id" = v.airtime, "data_service_id" = v.data
  FROM (VALUES (1, 'mtn', 'mtn-data'), (2, 'glo', 'glo-data'), (3, 'etisalat', 'etisalat-data'), (4, 'airtel', 'airtel-data'))
  AS v(id, airtime, data)
  WHERE "networks"."id" = v.id AND "networks"."airtime_service_id" = '';--> statement-breakpoint
UPDATE "discos" SET "service_id" = v.service
  FROM (VALUES ('AEDC', 'abuja-electric'), ('BEDC', 'benin-electric'), ('EKEDC', 'eko-electric'), ('EEDC', 'enugu-electric'),
    ('IBEDC', 'ibadan-electric'), ('IKEDC', 'ikeja-electric'), ('JED', 'jos-electric'), ('KAEDCO', 'kaduna-electric'),
    ('KEDCO', 'kano-electric'), ('PHED', 'portharcourt-electric'), ('YEDC', 'yola-electric'), ('APLE', 'aba-electric'))
  AS v(code, service)
  WHERE "discos"."code" = v.code AND "discos"."service_id" = '';--> statement-breakpoint
-- A purchase held before this column existed is asked about by its own reference.
UPDATE "transactions" SET "provider_request_id" = "reference"
  WHERE "kind" IN ('airtime', 'data', 'tv', 'electricity') AND "provider_request_id" IS NULL;--> statement-breakpoint
-- Pending purchases left with no requery time (a crash between holding and asking) are asked at once.
UPDATE "transactions" SET "next_requery_at" = now()
  WHERE "status" = 'pending' AND "kind" IN ('airtime', 'data', 'tv', 'electricity') AND "next_requery_at" IS NULL;
