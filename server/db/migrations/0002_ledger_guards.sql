-- The ledger's rules, kept by the database so no code path can break them.

-- Entries are facts: never changed, never removed. A mistake is corrected by a new ledger transaction.
CREATE FUNCTION ledger_entries_are_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are never updated or deleted';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_final BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_are_final();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_final BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_are_final();
--> statement-breakpoint

-- Every ledger transaction balances, checked when the database transaction commits (entries of one
-- ledger transaction are written by several statements).
CREATE FUNCTION ledger_transaction_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  off bigint;
BEGIN
  SELECT coalesce(sum(amount), 0) INTO off FROM ledger_entries WHERE ledger_transaction_id = NEW.ledger_transaction_id;
  IF off <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (off by %)', NEW.ledger_transaction_id, off;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balance AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balances();
--> statement-breakpoint

-- A wallet's cached balance moves with its entries, in the same database transaction, and only so;
-- the wallets_balance_non_negative check then refuses any entry that would overdraw it.
CREATE FUNCTION wallet_balance_follows_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.wallet_id IS NOT NULL THEN
    UPDATE wallets SET balance = balance + NEW.amount WHERE id = NEW.wallet_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_move_wallet AFTER INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION wallet_balance_follows_entries();
--> statement-breakpoint

-- And nothing else may move it: a direct UPDATE of a balance (trigger depth 1) is refused; the entries
-- trigger above runs at depth 2.
CREATE FUNCTION wallet_balance_only_by_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'a wallet balance changes only through ledger entries';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER wallets_balance_by_entries BEFORE UPDATE ON wallets
  FOR EACH ROW EXECUTE FUNCTION wallet_balance_only_by_entries();
