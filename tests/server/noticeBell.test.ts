import { beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../../server/db/schema";
import { serverForFile } from "./support/serverForFile";

// The bell's count: notices to every customer (or to this one) newer than the last the customer saw,
// which opening the inbox moves on.
let admin: { token: string };
const server = serverForFile();
beforeAll(async () => {
  admin = await server.signedInOperator("admin");
});

const second = 1_000;
async function broadcast(title: string) {
  server.clock.advance(second);
  return server.sendOk("POST /sys.admin/notifications", {
    token: admin.token,
    body: { title, body: "Data is cheaper this week." },
  });
}
const unread = (who: { token: string }) =>
  server.sendOk("GET /core/customer/notifications/unread", { token: who.token });
const markRead = (who: { token: string }, up_to: string) =>
  server.send("POST /core/customer/notifications/read", { token: who.token, body: { up_to } });

describe("the notification bell", () => {
  it("counts the broadcasts a customer has not read, and none once they open the inbox", async () => {
    const ada = await server.signedInCustomer();
    expect(await unread(ada)).toEqual({ unread: 0 });
    await broadcast("Happy new month");
    const newest = await broadcast("Maintenance tonight");
    expect(await unread(ada)).toEqual({ unread: 2 });

    const read = await markRead(ada, newest.created_at);
    expect(read.status).toBe(200);
    expect(read.data).toEqual({ unread: 0 });
    expect(await unread(ada)).toEqual({ unread: 0 });

    await broadcast("Back online");
    expect(await unread(ada)).toEqual({ unread: 1 });
    // Opening an older page of the inbox afterwards reads nothing back into unread.
    expect((await markRead(ada, "2020-01-01T00:00:00.000Z")).data).toEqual({ unread: 1 });
  });

  it("counts a customer's own notices, not another's, and nothing sent before they joined", async () => {
    await broadcast("Before Bola joined");
    server.clock.advance(second);
    const bola = await server.signedInCustomer();
    const chi = await server.signedInCustomer();
    expect(await unread(bola)).toEqual({ unread: 0 });
    server.clock.advance(second);
    await server.db.insert(notifications).values({
      userId: chi.id,
      title: "Your purchase was reversed",
      body: "₦1,000.00 is back in your wallet.",
      createdAt: server.clock.now(),
    });
    expect(await unread(chi)).toEqual({ unread: 1 });
    expect(await unread(bola)).toEqual({ unread: 0 });
  });

  it("cannot be read ahead of now: a notice sent after the inbox was opened still lights the bell", async () => {
    const dayo = await server.signedInCustomer();
    expect((await markRead(dayo, "2100-12-31T23:59:59.999Z")).data).toEqual({ unread: 0 });
    await broadcast("Sent after");
    expect(await unread(dayo)).toEqual({ unread: 1 });
  });

  it("refuses a body without the moment read up to, or one outside the product's years, naming the field", async () => {
    const eze = await server.signedInCustomer();
    for (const body of [
      {},
      { up_to: "yesterday" },
      { up_to: "0000-01-01T00:00:00Z" },
      { up_to: "2999-01-01T00:00:00Z" },
    ]) {
      const answer = await server.post("core/customer/notifications/read/", body, eze.token);
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.fields ?? {})).toEqual(["up_to"]);
    }
  });
});
