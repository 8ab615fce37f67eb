import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { NothingSent, type OutsideRequest, type Transport } from "../../server/outside/outsideHttp";
import {
  deliveryReportOf,
  outcomeOfStatus,
  termiiSignature,
} from "../../server/outside/termii/termiiAnswers";
import { createTermiiSms } from "../../server/outside/termii/termiiSms";
import { liveSettings, liveTermiiSettings } from "./support/liveSettings";

// The Termii adapter against fakes: the body it sends, how each answer reads for the message (taken,
// refused so it may go again, or unclear so it must not), its signature check, and its settings.

const options = {
  baseUrl: "https://termii.example/",
  apiKey: "live-termii-key-123",
  senderId: "OjaPay",
  webhookSecret: "a-secret-of-the-account",
  timeoutMs: 1000,
};
const answering =
  (status: number, text: string, seen: OutsideRequest[] = []): Transport =>
  async (request) => {
    seen.push(request);
    return { status, text };
  };
const failing =
  (error: Error): Transport =>
  async () => {
    throw error;
  };
const send = (transport: Transport) =>
  createTermiiSms({ ...options, transport }).send({ to: "2348031234567", text: "Hi" });

describe("sending", () => {
  it("posts Termii's documented body to api/sms/send, on the DND channel", async () => {
    const seen: OutsideRequest[] = [];
    const answer = await send(
      answering(
        200,
        JSON.stringify({ code: "ok", message_id: 9122821270554876574n.toString(), balance: 9, user: "x" }),
        seen,
      ),
    );
    expect(answer).toEqual({ kind: "accepted", messageId: "9122821270554876574" });
    expect(seen[0]?.url.toString()).toBe("https://termii.example/api/sms/send");
    expect(JSON.parse(String(seen[0]?.body))).toEqual({
      api_key: "live-termii-key-123",
      to: "2348031234567",
      from: "OjaPay",
      sms: "Hi",
      type: "plain",
      channel: "dnd",
    });
  });

  it("reads a refusal, a gateway not taking work and an unreachable host as not sent", async () => {
    expect(await send(answering(401, JSON.stringify({ message: "Invalid API key" })))).toMatchObject({
      kind: "refused",
    });
    expect(await send(answering(503, "Service Unavailable"))).toMatchObject({ kind: "refused" });
    expect(await send(answering(429, "slow down"))).toMatchObject({ kind: "refused" });
    expect(await send(failing(new NothingSent("termii.example: ECONNREFUSED")))).toMatchObject({
      kind: "refused",
    });
  });

  it("reads an answer that may hide a sent message as unclear, never as refused", async () => {
    expect(await send(answering(500, "oops"))).toMatchObject({ kind: "unclear" });
    expect(await send(answering(504, "<html>gateway timeout</html>"))).toMatchObject({ kind: "unclear" });
    expect(await send(answering(200, "<html>ok</html>"))).toMatchObject({ kind: "unclear" });
    expect(await send(answering(200, JSON.stringify({ message: "Successfully Sent" })))).toMatchObject({
      kind: "unclear",
    });
    expect(await send(failing(new Error("socket hang up")))).toMatchObject({ kind: "unclear" });
  });
});

describe("delivery reports", () => {
  const gateway = createTermiiSms({ ...options, transport: answering(200, "{}") });
  const body = JSON.stringify({
    type: "outbound",
    message_id: 5964465985113503103n.toString(),
    status: "DELIVERED",
  });

  it("accepts only the HMAC-SHA512 of the raw body with the account's secret", () => {
    const headers = (signature: string) => new Headers({ "x-termii-signature": signature });
    expect(gateway.verifyReport(body, headers(termiiSignature(options.webhookSecret, body)))).toBe(true);
    expect(
      gateway.verifyReport(body, headers(termiiSignature(options.webhookSecret, body).toUpperCase())),
    ).toBe(true);
    expect(gateway.verifyReport(body, headers(termiiSignature("another secret", body)))).toBe(false);
    expect(gateway.verifyReport(`${body} `, headers(termiiSignature(options.webhookSecret, body)))).toBe(
      false,
    );
    expect(gateway.verifyReport(body, new Headers())).toBe(false);
    expect(gateway.verifyReport(body, headers("not hex"))).toBe(false);
  });

  it("reads the status by its first words, and refuses what is not a report", () => {
    expect(deliveryReportOf(body)).toEqual({
      messageId: "5964465985113503103",
      status: "DELIVERED",
      outcome: "delivered",
    });
    expect(outcomeOfStatus("DELIVERED | Message delivered to handset")).toBe("delivered");
    expect(outcomeOfStatus("DND Active on Phone Number")).toBe("dnd");
    expect(outcomeOfStatus("Message Failed")).toBe("failed");
    expect(outcomeOfStatus("Message Sent")).toBe("sent");
    expect(outcomeOfStatus("Expired")).toBe("expired");
    expect(outcomeOfStatus("Something new")).toBe("other");
    expect(deliveryReportOf("not json")).toBeNull();
    expect(deliveryReportOf(JSON.stringify({ type: "device_status", status: "offline" }))).toBeNull();
  });
});

describe("settings", () => {
  const real = liveSettings;
  const termii = liveTermiiSettings;

  it("is off without settings when the simulators are off, and on the simulator while they are on", () => {
    expect(loadConfig(real).sms).toBeNull();
    expect(loadConfig({}).sms).toMatchObject({ simulated: true, senderId: "OjaPay" });
    expect(loadConfig({ SMS_PROVIDER: "off" }).sms).toBeNull();
    expect(loadConfig({ ...real, ...termii }).sms).toMatchObject({
      simulated: false,
      baseUrl: termii.TERMII_BASE_URL,
    });
  });

  it("refuses real settings while simulated, missing ones with termii, and a sender ID Termii would not take", () => {
    expect(() => loadConfig({ TERMII_API_KEY: "live-termii-key-123" })).toThrow(
      /TERMII_API_KEY: is for the real Termii/,
    );
    expect(() => loadConfig({ ...real, SMS_PROVIDER: "termii" })).toThrow(
      /TERMII_WEBHOOK_SECRET: is required/,
    );
    expect(() => loadConfig({ ...real, ...termii, TERMII_SENDER_ID: "OjaPayNigeria1" })).toThrow(
      /TERMII_SENDER_ID/,
    );
    expect(() =>
      loadConfig({
        ...real,
        ...termii,
        TERMII_WEBHOOK_SECRET: "sim-termii-webhook-secret-not-for-production",
      }),
    ).toThrow(/development key/);
  });
});
