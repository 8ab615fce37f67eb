-- The ledger's rules, kept by the database so no code path can break them: entries final, every ledger
-- transaction balanced, wallet balances moved only by entries.
-- Their functions and triggers lived here until issue 36; its one live text is server/db/functions/ledger.sql,
-- applied after the migrations by server/db/sqlFunctions.ts whenever it changes.
SELECT 1;
