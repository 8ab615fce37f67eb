CREATE TABLE "beneficiaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"nickname" text NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"network_id" smallint,
	"provider_id" smallint,
	"disco_id" smallint,
	"meter_type" text,
	"verified_name" text,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "beneficiaries_target_check" CHECK (("beneficiaries"."kind" = 'phone' and "beneficiaries"."network_id" is not null and "beneficiaries"."provider_id" is null and "beneficiaries"."disco_id" is null and "beneficiaries"."meter_type" is null)
        or ("beneficiaries"."kind" = 'smartcard' and "beneficiaries"."provider_id" is not null and "beneficiaries"."network_id" is null and "beneficiaries"."disco_id" is null and "beneficiaries"."meter_type" is null)
        or ("beneficiaries"."kind" = 'meter' and "beneficiaries"."disco_id" is not null and "beneficiaries"."meter_type" is not null and "beneficiaries"."network_id" is null and "beneficiaries"."provider_id" is null))
);
--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_provider_id_tv_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."tv_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_disco_id_discos_id_fk" FOREIGN KEY ("disco_id") REFERENCES "public"."discos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiaries_target_key" ON "beneficiaries" USING btree ("user_id","kind","number",coalesce("network_id", "provider_id", "disco_id"));