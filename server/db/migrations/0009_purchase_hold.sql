-- A purchase's hold in one round trip (issue 11): the wallet lock, the checks and the writes run inside
-- the database, instead of BEGIN, the lock, the checks, the INSERT and COMMIT as five statements; and
-- the daily limit reads one row a customer-day (purchase_days) instead of summing the day's purchases.

CREATE TABLE "purchase_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "purchase_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "purchase_days" ADD CONSTRAINT "purchase_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_user_returned_idx" ON "transactions" USING btree ("user_id","created_at") WHERE "transactions"."status" in ('failed', 'refunded', 'reversed');
--> statement-breakpoint

-- What each customer bought on each Lagos day before this migration: every purchase, whatever became
-- of it.
INSERT INTO purchase_days (user_id, day, total)
SELECT user_id, ((created_at AT TIME ZONE 'UTC') + interval '1 hour')::date, sum(total) FROM transactions
WHERE kind IN ('airtime', 'data', 'tv', 'electricity')
GROUP BY 1, 2;

-- lagos_day, purchases_on and purchase_hold lived here until issue 36; their live texts are in server/db/functions/
-- (lagos_day.sql, purchases_on.sql, purchase_hold.sql), applied after the migrations by server/db/sqlFunctions.ts whenever they change.
