CREATE TABLE "schedule_runs" (
	"schedule_id" uuid NOT NULL,
	"period" timestamp with time zone NOT NULL,
	"request_id" uuid NOT NULL,
	"transaction_id" uuid,
	"skipped" text,
	"ran_at" timestamp with time zone NOT NULL,
	CONSTRAINT "schedule_runs_schedule_id_period_pk" PRIMARY KEY("schedule_id","period")
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"order" jsonb NOT NULL,
	"every" text,
	"at" text NOT NULL,
	"day" integer,
	"days_before" integer,
	"verified_name" text,
	"due_date" text,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"paused_reason" text,
	"skips_in_row" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"claimed_by" integer,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "schedules_kind_check" CHECK ("schedules"."kind" in ('airtime', 'data', 'tv_renewal')),
	CONSTRAINT "schedules_status_check" CHECK ("schedules"."status" in ('active', 'paused', 'deleted'))
);
--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_runs_transaction_idx" ON "schedule_runs" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "schedules_user_idx" ON "schedules" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "schedules_due_idx" ON "schedules" USING btree ("next_run_at") WHERE "schedules"."status" = 'active';