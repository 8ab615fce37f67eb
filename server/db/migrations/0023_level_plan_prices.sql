-- A data plan's fixed price at a price level (issue 27: "or a fixed price per data plan"), instead of
-- the level's discount on it. One row a level and plan; a plan deleted takes its fixed prices with it.
CREATE TABLE "level_plan_prices" (
	"level" text NOT NULL,
	"plan_id" integer NOT NULL,
	"price" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "level_plan_prices_level_plan_id_pk" PRIMARY KEY("level","plan_id"),
	CONSTRAINT "level_plan_prices_price_check" CHECK ("level_plan_prices"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "level_plan_prices" ADD CONSTRAINT "level_plan_prices_level_price_levels_slug_fk" FOREIGN KEY ("level") REFERENCES "public"."price_levels"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_plan_prices" ADD CONSTRAINT "level_plan_prices_plan_id_data_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."data_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_plan_prices" ADD CONSTRAINT "level_plan_prices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;