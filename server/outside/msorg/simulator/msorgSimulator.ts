import type { HttpBindings } from "@hono/node-server";
import { Hono } from "hono";
import type { Clock } from "../../../clock";
import type { RunningSimulator } from "../../simulation/runningSimulator";
import { readJson, recordRequest } from "../../simulation/simulatorRequests";
import { accountBody } from "./msorgAccountBody";
import { msorgServices } from "./msorgCatalogue";
import type { MsorgControl, ReceivedRequest } from "./msorgControl";
import { openMsorgLedger, type SimulatedRecord } from "./msorgLedger";
import { cardsOf, createPurchase, type MsorgScriptedAnswer, prepaidTokenOf } from "./msorgPurchase";
import { type MsorgListing, recentRecords } from "./msorgRecentRecords";
import { recordBody } from "./msorgRecordBody";
import { sendReply } from "./msorgReplies";
import { createMsorgTimers } from "./msorgTimers";
import { validateIuc, validateMeter } from "./msorgVerification";

export type { MsorgService } from "./msorgCatalogue";
export type { MsorgControl, ReceivedRequest } from "./msorgControl";
export type { SimulatedRecord } from "./msorgLedger";
export { msorgEpinTriggers, msorgRechargeTriggers, msorgTriggers } from "./msorgOutcomes";
export type { MsorgScriptedAnswer } from "./msorgPurchase";
export type { MsorgListing } from "./msorgRecentRecords";

export interface MsorgSimulatorOptions {
  /** The only API token it accepts. */
  token: string;
  /** Every record's time. */
  clock: Clock;
  /** Where it remembers records and the wallet across restarts; null: memory only. */
  journalPath: string | null;
  /** A wait before answering every call. */
  latencyMs: number;
  /** Processing records settle by themselves this long after they were made; null: only requery or control. */
  settleAfterMs: number | null;
  /** How long the slow test number takes to answer. */
  timeoutAnswerMs: number;
  /** The vendor wallet at start, in kobo (default ₦1,000,000); journaled changes apply on top. */
  walletBalance?: number;
}

export type MsorgSimulator = RunningSimulator<MsorgControl>;

const defaultWalletBalance = 100_000_000;

/** A stand-in for an SME-data vendor (docs/PROVIDERS.md, "The SME-data vendors"). */
export function createMsorgSimulator(options: MsorgSimulatorOptions): MsorgSimulator {
  const { clock } = options;
  const timers = createMsorgTimers();
  const ledger = openMsorgLedger(
    options.journalPath,
    options.walletBalance ?? defaultWalletBalance,
    prepaidTokenOf,
    cardsOf,
  );
  const scripts = new Map<string, MsorgScriptedAnswer[]>();
  const requests: ReceivedRequest[] = [];
  let down: "refuse" | null = null;
  let listing: MsorgListing = { kind: "pages" };

  const settle = (id: number) => {
    const record = ledger.get(id);
    if (record?.status === "processing") ledger.setStatus(id, record.settlesTo);
  };
  function scheduleSettling(record: SimulatedRecord) {
    if (options.settleAfterMs === null) return;
    const dueAt = Date.parse(record.createdAt) + options.settleAfterMs;
    timers.after(Math.max(0, dueAt - clock.now().getTime()), () => settle(record.id));
  }
  // After a restart, processing records still settle by themselves.
  for (const record of ledger.processing()) scheduleSettling(record);

  const purchase = createPurchase({
    ledger,
    clock,
    timeoutAnswerMs: options.timeoutAnswerMs,
    takeScript: (recipient) => {
      const [first, ...rest] = scripts.get(recipient) ?? [];
      if (rest.length > 0) scripts.set(recipient, rest);
      else scripts.delete(recipient);
      return first;
    },
    isDown: () => down === "refuse",
    onProcessing: scheduleSettling,
  });

  const app = new Hono<{ Bindings: HttpBindings }>({ strict: false });

  // Recorded, delayed and authenticated before anything else, as Django checks the token first.
  app.use("/api/*", async (c, next) => {
    await recordRequest(c, requests);
    if (!(await timers.sleep(options.latencyMs, c.req.raw.signal)))
      return sendReply(c, { kind: "no-answer" }, timers);
    if (c.req.header("authorization") !== `Token ${options.token}`)
      return c.json({ detail: "Invalid token." }, 401);
    await next();
  });

  app.get("/api/user", (c) => c.json(accountBody(ledger.balance())));
  app.get("/api/validateiuc", (c) => sendReply(c, validateIuc(c.req.query()), timers));
  app.get("/api/validatemeter", (c) => sendReply(c, validateMeter(c.req.query()), timers));

  for (const service of msorgServices) {
    app.post(`/api/${service}`, async (c) => {
      const body = await readJson(c);
      if (!body.ok) return c.json({ detail: "JSON parse error" }, 400);
      return sendReply(c, purchase(service, body.value), timers);
    });
    app.get(`/api/${service}`, (c) =>
      sendReply(c, recentRecords(ledger, service, new URL(c.req.url), listing), timers),
    );
    app.get(`/api/${service}/:id`, (c) => {
      const id = Number(c.req.param("id"));
      const record = ledger.get(id);
      if (!record || record.service !== service) return c.json({ detail: "Not found." }, 404);
      return c.json(recordBody(ledger.countRequery(id) ?? record));
    });
  }

  const control: MsorgControl = {
    balance: () => ledger.balance(),
    setBalance: (kobo) => ledger.setBalance(kobo),
    script: (recipient, answer) => scripts.set(recipient, [...(scripts.get(recipient) ?? []), answer]),
    settle,
    records: () => ledger.all().map((r) => ({ ...r })),
    requests,
    setDown: (mode) => {
      down = mode;
    },
    setListing: (mode) => {
      listing = mode;
    },
  };

  return { app, control, close: () => timers.close() };
}
