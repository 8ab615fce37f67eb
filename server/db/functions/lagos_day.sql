-- The Lagos calendar, as the database counts it. Nigeria keeps UTC+1 all year (no daylight saving),
-- so a Lagos day is a fixed hour off UTC; the server's TypeScript reads the same rule from
-- server/lagosCalendar.ts.

-- The Lagos calendar day of a moment.
CREATE OR REPLACE FUNCTION lagos_day(moment timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT ((moment AT TIME ZONE 'UTC') + interval '1 hour')::date
$$;

-- The moment a Lagos calendar day begins: `created_at >= lagos_day_start(d) AND created_at <
-- lagos_day_start(d + 1)` is day d, as a range an index on created_at can read.
CREATE OR REPLACE FUNCTION lagos_day_start(day date) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$
  SELECT (day::timestamp AT TIME ZONE 'UTC') - interval '1 hour'
$$;
