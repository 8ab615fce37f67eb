-- purchase_hold (migration 0009) wrote each row through an INSERT naming its columns, a list the
-- process's rows had to be kept in step with by hand. Now the process gives every column of each row
-- (db/jsonRows.ts, `wholeJsonRow`, from the table's one definition in db/schema.ts) and the function
-- inserts the row whole: a column added to a table needs no change here. The checks are unchanged.
-- That purchase_hold lived here until issue 36; its one live text is server/db/functions/purchase_hold.sql,
-- applied after the migrations by server/db/sqlFunctions.ts whenever it changes.
SELECT 1;
