import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle, Queryable } from "../../server/db/database";
import { preparedOnce } from "../../server/db/preparedOnce";
import { openTestDatabase } from "./support/testDatabase";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

describe("a statement prepared once", () => {
  it("is built once and runs in each transaction on that transaction's own connection", async () => {
    let built = 0;
    // What this transaction set for itself, and a value sent with the statement.
    const read = (tx: Queryable) =>
      preparedOnce(tx, "test_prepared_in_transactions", (db, name) => {
        built += 1;
        return db
          .select({
            mark: sql<string>`current_setting('ojapay.mark', true)`,
            next: sql<number>`${sql.placeholder("n")}::int + 1`.mapWith(Number),
          })
          .from(sql`(select 1) as one`)
          .prepare(name);
      });
    const inTransaction = (mark: string, n: number) =>
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('ojapay.mark', ${mark}, true)`);
        const [row] = await read(tx).execute({ n });
        return row;
      });

    // At once: on Postgres each transaction holds a pooled connection of its own while the others run.
    const rows = await Promise.all(["a", "b", "c", "d"].map((mark, n) => inTransaction(mark, n)));
    expect(rows).toEqual([
      { mark: "a", next: 1 },
      { mark: "b", next: 2 },
      { mark: "c", next: 3 },
      { mark: "d", next: 4 },
    ]);
    expect(await inTransaction("e", 41)).toEqual({ mark: "e", next: 42 });
    expect(built).toBe(1);
  });
});
