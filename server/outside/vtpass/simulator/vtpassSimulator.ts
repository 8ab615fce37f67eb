import type { HttpBindings } from "@hono/node-server";
import { Hono } from "hono";
import type { Clock } from "../../../clock";
import type { RunningSimulator } from "../../simulation/runningSimulator";
import { type ReceivedRequest, readJson, recordRequest } from "../../simulation/simulatorRequests";
import { openVtpassLedger, type SimulatedTransaction } from "./vtpassLedger";
import { createPayment } from "./vtpassPayment";
import { jsonReply, type Reply, sendReply } from "./vtpassReplies";
import { createRequery } from "./vtpassRequery";
import { createScriptBook, type ScriptedAnswer } from "./vtpassScripts";
import { createSettlement } from "./vtpassSettlement";
import { createSimulatorTimers } from "./vtpassTimers";
import { refusalBody } from "./vtpassTransactionBodies";
import { variationsBody } from "./vtpassVariationsBody";
import { verificationBody } from "./vtpassVerification";
import { createWebhookSender, type WebhookAttempt } from "./vtpassWebhooks";

export type { SimulatedTransaction, VtpassStatus } from "./vtpassLedger";
export type { ScriptedAnswer, ScriptedKeep, ScriptedStatus } from "./vtpassScripts";
export type { WebhookAttempt } from "./vtpassWebhooks";

export interface VtpassKeys {
  apiKey: string;
  publicKey: string;
  secretKey: string;
}

export interface VtpassSimulatorOptions {
  /** The only keys it accepts. */
  keys: VtpassKeys;
  /** "Today" for request ids, and every timestamp. */
  clock: Clock;
  /** Where it remembers transactions and the wallet across restarts; null: memory only. */
  journalPath: string | null;
  /** A wait before answering every API call. */
  latencyMs: number;
  /** How long the "timeout" test number takes to answer (default 60 s). */
  timeoutAnswerMs?: number;
  /** Pending transactions settle by themselves this long after pay; null (default): only requery or control. */
  settleAfterMs?: number | null;
  /** Where transaction-update webhooks go; null: none are sent. */
  webhookUrl?: string | null;
  /** The merchant's VTpass wallet at start, in kobo (default ₦5,000,000); journaled changes apply on top. */
  merchantBalance?: number;
  /** For webhook delivery. */
  fetch?: typeof fetch;
}

export type { ReceivedRequest } from "../../simulation/simulatorRequests";

/** What tests (in-process) see and steer. Amounts in kobo. */
export interface VtpassControl {
  balance(): number;
  setBalance(kobo: number): void;
  /** The next pay to `recipient` (the phone for airtime and exam PINs, billersCode otherwise) answers `answer`. */
  script(recipient: string, answer: ScriptedAnswer): void;
  /** The next requery of `requestId` answers `answer`. */
  scriptRequery(requestId: string, answer: ScriptedAnswer): void;
  /** Settles a pending transaction by its planned outcome now, and sends the webhook. */
  settle(requestId: string): Promise<void>;
  /** VTpass gives the money back: the transaction becomes reversed, the merchant is refunded, the webhook sent. */
  reverse(requestId: string): Promise<void>;
  transaction(requestId: string): Readonly<SimulatedTransaction> | undefined;
  /** Every webhook attempt, oldest first. */
  readonly webhooks: readonly WebhookAttempt[];
  /** Every API call received, oldest first. */
  readonly requests: readonly ReceivedRequest[];
  /** While down, every purchase is answered 030 (the biller cannot be reached) and nothing is bought. */
  setDown(down: boolean): void;
}

export type VtpassSimulator = RunningSimulator<VtpassControl>;

const defaultMerchantBalance = 500_000_000;

/** A stand-in for VTpass (docs/PROVIDERS.md): its paths, keys, codes and answer shapes. */
export function createVtpassSimulator(options: VtpassSimulatorOptions): VtpassSimulator {
  const { keys, clock } = options;
  const timers = createSimulatorTimers();
  const ledger = openVtpassLedger(options.journalPath, options.merchantBalance ?? defaultMerchantBalance);
  const webhooks = createWebhookSender({
    url: options.webhookUrl ?? null,
    fetch: options.fetch ?? globalThis.fetch,
    timers,
  });
  const settlement = createSettlement({
    ledger,
    webhooks,
    timers,
    clock,
    settleAfterMs: options.settleAfterMs ?? null,
  });
  const payScripts = createScriptBook();
  const requeryScripts = createScriptBook();
  const pay = createPayment({
    ledger,
    settlement,
    scripts: payScripts,
    clock,
    timeoutAnswerMs: options.timeoutAnswerMs ?? 60_000,
  });
  const requery = createRequery({ ledger, settlement, scripts: requeryScripts });
  const requests: ReceivedRequest[] = [];
  // After a restart, pending transactions still settle by themselves.
  for (const transaction of ledger.unsettled()) settlement.scheduleSettling(transaction);

  const app = new Hono<{ Bindings: HttpBindings }>();
  const badBody: Reply = jsonReply(() => refusalBody("011"), 400);

  // Recorded, delayed and authenticated before anything else, as VTpass checks keys first.
  app.use("/api/*", async (c, next) => {
    await recordRequest(c, requests);
    if (!(await timers.sleep(options.latencyMs, c.req.raw.signal)))
      return sendReply(c, { kind: "no-answer" }, timers);
    // GETs carry the public key, everything else the secret key.
    const [header, expected] =
      c.req.method === "GET" ? ["public-key", keys.publicKey] : ["secret-key", keys.secretKey];
    if (c.req.header("api-key") !== keys.apiKey || c.req.header(header) !== expected) {
      return c.json(refusalBody("087"), 401);
    }
    await next();
  });

  app.get("/api/service-variations", (c) => c.json(variationsBody(c.req.query("serviceID") ?? "")));
  app.get("/api/balance", (c) => c.json({ code: 1, contents: { balance: ledger.balance() / 100 } }));

  app.post("/api/merchant-verify", async (c) => {
    const body = await readJson(c);
    return sendReply(
      c,
      body.ok ? jsonReply(() => verificationBody(body.value, clock.now())) : badBody,
      timers,
    );
  });
  // "Down": VTpass answers every purchase that the biller cannot be reached (030), buying nothing, as
  // it does while a network's platform is out; a safe answer to move a purchase to another provider.
  let down = false;
  app.post("/api/pay", async (c) => {
    const body = await readJson(c);
    if (down && body.ok)
      return sendReply(
        c,
        jsonReply(() => refusalBody("030")),
        timers,
      );
    return sendReply(c, body.ok ? pay(body.value) : badBody, timers);
  });
  // For browser tests and anyone trying routing by hand: the same switch over HTTP, with the secret key.
  app.put("/control/down", async (c) => {
    if (c.req.header("secret-key") !== keys.secretKey) return c.json({ error: "secret-key" }, 401);
    const body = (await readJson(c)).value as { down?: unknown };
    if (typeof body?.down !== "boolean") return c.json({ error: 'send {"down": true|false}' }, 400);
    down = body.down;
    return c.json({ down });
  });
  app.post("/api/requery", async (c) => {
    const body = await readJson(c);
    return sendReply(c, body.ok ? requery(body.value) : badBody, timers);
  });

  const control: VtpassControl = {
    balance: () => ledger.balance(),
    setBalance: (kobo) => ledger.setBalance(kobo),
    script: (recipient, answer) => payScripts.add(recipient, answer),
    scriptRequery: (requestId, answer) => requeryScripts.add(requestId, answer),
    settle: (requestId) => settlement.settle(requestId),
    reverse: (requestId) => settlement.reverse(requestId),
    transaction: (requestId) => {
      const transaction = ledger.get(requestId);
      return transaction && { ...transaction };
    },
    webhooks: webhooks.attempts,
    requests,
    setDown: (value) => {
      down = value;
    },
  };

  return { app, control, close: () => timers.close() };
}
