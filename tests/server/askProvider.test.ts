import { createServer } from "node:net";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { keptAliveTransport, NothingSent, outsideClient } from "../../server/outside/outsideHttp";
import type { ProviderResult } from "../../server/outside/provider";
import { askProvider, notReached } from "../../server/services/purchases/askProvider";
import { closedPort } from "./support/closedPort";

const logger = pino({ level: "silent" });
const delivered: ProviderResult = { status: "successful", providerReference: "P1" };

describe("asking a provider", () => {
  it("answers what the adapter understood", async () => {
    expect(await askProvider(async () => delivered, logger, "AIR-1", notReached)).toEqual(delivered);
  });

  it("leaves a purchase pending on any unclear trouble: a reset, a time limit", async () => {
    const reset = Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
    for (const error of [reset, new DOMException("The operation timed out.", "TimeoutError")]) {
      expect(
        await askProvider(
          async () => {
            throw error;
          },
          logger,
          "AIR-1",
          notReached,
        ),
      ).toEqual({ status: "pending", unanswered: true });
    }
  });

  it("fails a purchase whose provider refused the connection, safe to send elsewhere; a requery so stays pending", async () => {
    const client = outsideClient({
      baseUrl: `http://127.0.0.1:${await closedPort()}/api/`,
      headers: { GET: {}, POST: {} },
      timeoutMs: 2_000,
      transport: keptAliveTransport(),
    });
    await expect(client.post("pay", {})).rejects.toBeInstanceOf(NothingSent);
    const buy = () => client.post("pay", {}).then(() => delivered);
    expect(await askProvider(buy, logger, "AIR-1", notReached)).toMatchObject({
      status: "failed",
      safeToFailOver: true,
      reason: "The provider could not be reached, so nothing was charged.",
      note: expect.stringContaining("ECONNREFUSED"),
    });
    expect(await askProvider(buy, logger, "AIR-1")).toMatchObject({ status: "pending" });
  });

  it("holds every call to the time limit config gives, aborting it", async () => {
    const server = createServer(() => {}); // accepts, never answers
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const client = outsideClient({
      baseUrl: `http://127.0.0.1:${port}/`,
      headers: { GET: {}, POST: {} },
      timeoutMs: 200,
      transport: keptAliveTransport(),
    });
    const started = Date.now();
    await expect(client.get("balance")).rejects.not.toBeInstanceOf(NothingSent);
    expect(Date.now() - started).toBeLessThan(2_000);
    server.close();
  });
});
