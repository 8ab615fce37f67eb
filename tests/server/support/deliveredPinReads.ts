import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Voucher } from "../../../schemas/transactions";
import { mailOutbox, transactionEvents, transactions } from "../../../server/db/schema";
import type { Customer } from "./serverForFile";
import type { TestServer } from "./testServer";

/** Where a purchase's delivered PINs may and may not be: its own answer, its row, the buyer's mail. */
export function deliveredPinReads(server: TestServer) {
  return {
    ownView: (c: Customer, reference: string) =>
      server.sendOk("GET /core/customer/transactions/:reference", { token: c.token, params: { reference } }),
    async rowOf(reference: string) {
      const [row] = await server.db.select().from(transactions).where(eq(transactions.reference, reference));
      if (!row) throw new Error(`no transaction ${reference}`);
      return row;
    },
    vouchersMailsTo: (email: string) =>
      server.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, "vouchers"))),
  };
}

export const mentionsAnyPin = (text: string | null, pins: Voucher[]) =>
  pins.some((p) => text?.includes(p.pin));

/** None of `pins` (some delivered) is in the server's log or any purchase's history staff read. */
export async function expectPinsNeitherLoggedNorInHistory(server: TestServer, pins: string[]) {
  const logged = server.logLines.join("\n");
  const events = JSON.stringify(await server.db.select().from(transactionEvents));
  expect(pins.length).toBeGreaterThan(0);
  for (const pin of pins) {
    expect(logged).not.toContain(pin);
    expect(events).not.toContain(pin);
  }
}
