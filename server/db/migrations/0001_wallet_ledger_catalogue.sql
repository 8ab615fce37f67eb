CREATE TABLE "circulars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"network_id" smallint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"size" text NOT NULL,
	"validity" text NOT NULL,
	"category" text NOT NULL,
	"price" bigint NOT NULL,
	"cost_price" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "data_plans_price_positive" CHECK ("data_plans"."price" > 0 and "data_plans"."cost_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "discos" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"service_fee" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_events" (
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"reference" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"transaction_id" uuid NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ledger_transaction_id" uuid NOT NULL,
	"wallet_id" uuid,
	"house_account" text,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_one_account" CHECK (("ledger_entries"."wallet_id" is null) <> ("ledger_entries"."house_account" is null)),
	CONSTRAINT "ledger_entries_nonzero" CHECK ("ledger_entries"."amount" <> 0),
	CONSTRAINT "ledger_entries_house_known" CHECK ("ledger_entries"."house_account" is null or "ledger_entries"."house_account" in ('gateway_clearing', 'staff_funding', 'purchases_in_flight', 'provider_payable', 'revenue', 'refunds', 'bonuses'))
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"transaction_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "networks" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"airtime_enabled" boolean DEFAULT true NOT NULL,
	"data_enabled" boolean DEFAULT true NOT NULL,
	"airtime_discount_bp" integer DEFAULT 0 NOT NULL,
	"airtime_commission_bp" integer DEFAULT 0 NOT NULL,
	"airtime_min" bigint NOT NULL,
	"airtime_max" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"status" text NOT NULL,
	"note" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"recipient" text,
	"product" text,
	"order" jsonb,
	"provider" text,
	"provider_reference" text,
	"token" text,
	"customer_name" text,
	"failure_reason" text,
	"balance_before" bigint,
	"balance_after" bigint,
	"requery_attempts" integer DEFAULT 0 NOT NULL,
	"next_requery_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "transactions_money_check" CHECK ("transactions"."amount" >= 0 and "transactions"."fee" >= 0 and "transactions"."discount" >= 0 and "transactions"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tv_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" smallint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"price" bigint NOT NULL,
	"cost_price" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tv_plans_price_positive" CHECK ("tv_plans"."price" > 0 and "tv_plans"."cost_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tv_providers" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"service_fee" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "failed_pins" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "circulars" ADD CONSTRAINT "circulars_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_plans" ADD CONSTRAINT "data_plans_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_events" ADD CONSTRAINT "transaction_events_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_events" ADD CONSTRAINT "transaction_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_plans" ADD CONSTRAINT "tv_plans_provider_id_tv_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."tv_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circulars_window_idx" ON "circulars" USING btree ("starts_at","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_plans_code_key" ON "data_plans" USING btree ("code");--> statement-breakpoint
CREATE INDEX "data_plans_network_idx" ON "data_plans" USING btree ("network_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_events_pkey" ON "gateway_events" USING btree ("gateway","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_pkey" ON "idempotency_keys" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_ltxn_idx" ON "ledger_entries" USING btree ("ledger_transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_wallet_idx" ON "ledger_entries" USING btree ("wallet_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_house_idx" ON "ledger_entries" USING btree ("house_account");--> statement-breakpoint
CREATE INDEX "ledger_transactions_txn_idx" ON "ledger_transactions" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transaction_events_txn_idx" ON "transaction_events" USING btree ("transaction_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_reference_key" ON "transactions" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "transactions_user_created_idx" ON "transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_requery_idx" ON "transactions" USING btree ("next_requery_at") WHERE "transactions"."status" = 'pending' and "transactions"."next_requery_at" is not null;--> statement-breakpoint
CREATE INDEX "transactions_recent_same_idx" ON "transactions" USING btree ("user_id","recipient","total","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tv_plans_code_key" ON "tv_plans" USING btree ("code");--> statement-breakpoint
CREATE INDEX "tv_plans_provider_idx" ON "tv_plans" USING btree ("provider_id");