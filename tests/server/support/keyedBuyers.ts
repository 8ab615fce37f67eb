import { afterAll, beforeAll, beforeEach } from "vitest";
import { webhookDeliveries } from "../../../server/db/schema";
import { keyHolder } from "./keyHolders";
import { naira } from "./serverForFile";
import type { TestServer } from "./testServer";
import { startWebhookReceiver } from "./webhookReceiver";

export interface KeyedAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: two dialects' answers, read field by field
  json: any;
}

/**
 * A file's resellers, each with a key whose webhooks go to a receiver on this machine (emptied before
 * each test, as the webhook outbox is), and calls in both ways in: the market's dialect and v1. The
 * file's server must allow a private webhook address (WEBHOOK_ALLOW_PRIVATE), which production never does.
 */
export function keyedBuyers(server: TestServer) {
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });
  beforeEach(async () => {
    await server.db.delete(webhookDeliveries);
    receiver.received.length = 0;
  });

  async function call(
    base: string,
    scheme: string,
    method: string,
    path: string,
    key: string,
    body?: unknown,
  ) {
    const res = await server.app.request(`${base}${path}`, {
      method,
      headers: { authorization: `${scheme} ${key}`, "content-type": "application/json" },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: await res.json() } as KeyedAnswer;
  }
  return {
    /** The webhooks received so far this test. */
    received: () => receiver.received,
    reseller: (kobo = naira(20_000)) =>
      keyHolder(server, { kobo, level: "api", keyBody: { webhook_url: receiver.url } }),
    dialect: (method: string, path: string, key: string, body?: unknown) =>
      call("/reseller/api/", "Token", method, path, key, body),
    v1: (method: string, path: string, key: string, body?: unknown) =>
      call("/api/v1/", "Bearer", method, path, key, body),
  };
}
