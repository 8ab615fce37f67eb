import { randomBytes } from "node:crypto";
import currency from "currency.js";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { Clock } from "../../../clock";
import { bankPage, checkoutPage, formatKobo, notePage, testCard } from "./paystackPages";
import {
  banks,
  feesOf,
  openPaystackRecords,
  type PaystackAccount,
  type PaystackCustomer,
  type PaystackTransaction,
  transactionView,
} from "./paystackRecords";
import { createPaystackWebhooks, type WebhookDelivery } from "./paystackWebhooks";

export { testCard } from "./paystackPages";

export interface PaystackSimulatorOptions {
  /** The only key it accepts (`Authorization: Bearer <key>`), and the webhook signing key. */
  secretKey: string;
  /** Where a browser reaches the simulator's root; authorization_url is built from it. */
  publicUrl: string;
  webhookUrl: string | null;
  clock: Clock;
  journalPath: string | null;
  latencyMs: number;
  businessName?: string;
  fetch?: typeof fetch;
}

export interface PaystackControl {
  /** Completes a checkout as its Pay button does (the webhook sent, its first attempt awaited). */
  pay(reference: string, channel?: "card" | "bank_transfer"): Promise<void>;
  /** A bank transfer into a dedicated account, as the bank page sends it. */
  transfer(
    accountNumber: string,
    amountKobo: number,
    sender?: { name?: string; bank?: string; accountNumber?: string },
  ): Promise<{ reference: string; id: number }>;
  setBehaviour(behaviour: { latencyMs?: number; hang?: boolean; webhooks?: "deliver" | "hold" }): void;
  heldWebhooks(): Array<{ rawBody: string; signature: string }>;
  releaseWebhooks(): Promise<void>;
  readonly webhooks: readonly WebhookDelivery[];
  transaction(reference: string): ReturnType<typeof transactionView> | undefined;
  accounts(): Array<PaystackAccount & { customer: PaystackCustomer | undefined }>;
}

export interface PaystackSimulator {
  /** Every route, relative to the simulator's root; the app mounts it at /simulator/paystack. */
  app: Hono;
  control: PaystackControl;
  close(): void;
}

const initializeBody = z.object({
  email: z.email(),
  amount: z.coerce.number().int().min(100),
  reference: z
    .string()
    .regex(/^[A-Za-z0-9._=-]{1,100}$/)
    .optional(),
  callback_url: z.url().optional(),
  currency: z.literal("NGN").optional(),
  metadata: z.unknown().optional(),
  channels: z.array(z.string()).optional(),
});
const customerBody = z.object({
  email: z.email(),
  first_name: z.string().max(100).optional(),
  last_name: z.string().max(100).optional(),
  phone: z.string().max(30).optional(),
});
const accountBody = z.object({ customer: z.union([z.string(), z.number()]), preferred_bank: z.string() });
const listQuery = z.object({
  perPage: z.coerce.number().int().min(1).max(100).default(50),
  page: z.coerce.number().int().min(1).default(1),
  status: z.enum(["success", "failed", "abandoned"]).optional(),
  from: z.string().optional(),
  to: z.string().optional(),
});

const refuse = (c: Context, message: string, status: 400 | 401 | 404 = 400) =>
  c.json({ status: false, message }, status);
const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });
const withParams = (url: string, reference: string) =>
  `${url}${url.includes("?") ? "&" : "?"}trxref=${encodeURIComponent(reference)}&reference=${encodeURIComponent(reference)}`;
/** A naira amount as a person types it ("5000", "5,000.50") → kobo, or null. */
function kobo(text: string): number | null {
  const clean = text.trim();
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(clean)) return null;
  const value = currency(clean, { separator: ",", decimal: "." }).intValue;
  return value > 0 && Number.isSafeInteger(value) ? value : null;
}

/** A stand-in for Paystack (docs/PROVIDERS.md): its API, its checkout and a bank to transfer from. */
/** How Paystack describes a payment made by bank transfer: no card, nothing to charge again. */
const transferAuthorization = (channel: "bank_transfer" | "dedicated_nuban") => ({
  channel,
  card_type: "transfer",
  bank: null,
  country_code: "NG",
  brand: "Managed Account",
  reusable: false,
  signature: null,
  account_name: null,
});

export function createPaystackSimulator(options: PaystackSimulatorOptions): PaystackSimulator {
  const { clock } = options;
  const businessName = options.businessName ?? "OjaPay";
  const records = openPaystackRecords(options.journalPath, clock);
  const webhooks = createPaystackWebhooks({
    url: options.webhookUrl,
    secretKey: options.secretKey,
    fetch: options.fetch ?? globalThis.fetch,
  });
  const behaviour = { latencyMs: options.latencyMs, hang: false };

  const view = (t: PaystackTransaction) => transactionView(records, t);
  const sendSuccess = (t: PaystackTransaction) => webhooks.send({ event: "charge.success", data: view(t) });
  /** Waits for the webhook, but never more than 5 s: the customer's redirect must still happen. */
  const sendBriefly = (t: PaystackTransaction) =>
    Promise.race([sendSuccess(t), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);

  function complete(reference: string, channel: "card" | "bank_transfer"): PaystackTransaction {
    const t = records.transaction(reference);
    if (!t) throw new Error(`no transaction ${reference}`);
    if (t.status === "success") return t;
    return records.update(reference, {
      status: "success",
      channel,
      gateway_response: channel === "card" ? "Successful" : "Approved",
      paid_at: records.now(),
      fees: feesOf(t.amount, channel),
      authorization:
        channel === "card"
          ? {
              authorization_code: `AUTH_${randomBytes(5).toString("hex")}`,
              bin: "408408",
              last4: "4081",
              exp_month: "12",
              exp_year: "2030",
              channel: "card",
              card_type: "visa ",
              bank: "TEST BANK",
              country_code: "NG",
              brand: "visa",
              reusable: true,
              signature: `SIG_${randomBytes(10).toString("hex")}`,
              account_name: null,
            }
          : {
              authorization_code: `AUTH_${randomBytes(5).toString("hex")}`,
              ...transferAuthorization("bank_transfer"),
            },
    });
  }

  function receiveTransfer(
    accountNumber: string,
    amount: number,
    sender: { name?: string; bank?: string; accountNumber?: string } = {},
  ): PaystackTransaction {
    const account = records.account(accountNumber);
    if (!account) throw new Error("No account with that number");
    const customer = records.customer(account.customerId);
    const senderName = (sender.name ?? "ADA OKAFOR").toUpperCase();
    const reference = `${Math.floor(clock.now().getTime() / 1000)}_${randomBytes(4).toString("hex")}`;
    return records.newTransaction({
      reference,
      amount,
      currency: "NGN",
      customerId: account.customerId,
      status: "success",
      channel: "dedicated_nuban",
      gateway_response: "Approved",
      paid_at: records.now(),
      callback_url: null,
      fees: feesOf(amount, "dedicated_nuban"),
      metadata: {
        receiver_account_number: account.account_number,
        receiver_bank: account.bank.name,
        custom_fields: [
          {
            display_name: "Receiver Account",
            variable_name: "receiver_account_number",
            value: account.account_number,
          },
          { display_name: "Receiver Bank", variable_name: "receiver_bank", value: account.bank.name },
        ],
      },
      authorization: {
        authorization_code: `AUTH_${randomBytes(5).toString("hex")}`,
        bin: "008XXX",
        last4: "X553",
        exp_month: "01",
        exp_year: "2030",
        ...transferAuthorization("dedicated_nuban"),
        sender_country: "NG",
        sender_bank: sender.bank ?? "Zenith Bank",
        sender_bank_account_number: sender.accountNumber ?? "XXXXXX4321",
        sender_name: senderName,
        narration: `Transfer from ${senderName} to ${customer?.email ?? "customer"}`,
        receiver_bank_account_number: account.account_number,
        receiver_bank: account.bank.name,
      },
    });
  }

  const app = new Hono();
  const api = new Hono();
  // Paystack answers late, or never, when a test says so; it checks the key before anything else.
  api.use("*", async (c, next) => {
    await wait(behaviour.latencyMs, c.req.raw.signal);
    if (behaviour.hang) {
      await wait(24 * 3_600_000, c.req.raw.signal);
      return c.body(null, 504);
    }
    if (c.req.header("authorization") !== `Bearer ${options.secretKey}`) return refuse(c, "Invalid key", 401);
    await next();
  });
  const jsonOf = async (c: Context) => {
    try {
      return await c.req.json();
    } catch {
      return undefined;
    }
  };

  api.post("/transaction/initialize", async (c) => {
    const parsed = initializeBody.safeParse(await jsonOf(c));
    if (!parsed.success) return refuse(c, parsed.error.issues[0]?.message ?? "Invalid body");
    const body = parsed.data;
    const reference = body.reference ?? randomBytes(5).toString("hex");
    if (records.transaction(reference)) return refuse(c, "Duplicate Transaction Reference");
    const customer = records.customerByEmail(body.email) ?? records.saveCustomer({ email: body.email });
    const t = records.newTransaction({
      reference,
      amount: body.amount,
      currency: "NGN",
      customerId: customer.id,
      status: "abandoned",
      channel: "card",
      gateway_response: "The transaction was not completed",
      paid_at: null,
      callback_url: body.callback_url ?? null,
      metadata: body.metadata ?? null,
      fees: null,
      authorization: {},
    });
    return c.json({
      status: true,
      message: "Authorization URL created",
      data: {
        authorization_url: `${options.publicUrl}/checkout/${t.access_code}`,
        access_code: t.access_code,
        reference,
      },
    });
  });

  api.get("/transaction/verify/:reference", (c) => {
    const t = records.transaction(c.req.param("reference"));
    if (!t) {
      return c.json(
        {
          status: false,
          message: "Transaction reference not found",
          type: "validation_error",
          code: "transaction_not_found",
        },
        400,
      );
    }
    return c.json({ status: true, message: "Verification successful", data: view(t) });
  });

  api.get("/transaction", (c) => {
    const parsed = listQuery.safeParse(c.req.query());
    if (!parsed.success) return refuse(c, "Invalid query");
    const { perPage, page, status, from, to } = parsed.data;
    const since = from ? Date.parse(from) : Number.NEGATIVE_INFINITY;
    const until = to ? Date.parse(to) : Number.POSITIVE_INFINITY;
    if (Number.isNaN(since) || Number.isNaN(until)) return refuse(c, "Invalid date");
    const found = records
      .transactions()
      .filter(
        (t) =>
          (!status || t.status === status) &&
          Date.parse(t.created_at) >= since &&
          Date.parse(t.created_at) < until,
      )
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id);
    const skipped = (page - 1) * perPage;
    return c.json({
      status: true,
      message: "Transactions retrieved",
      data: found.slice(skipped, skipped + perPage).map(view),
      meta: {
        total: found.length,
        skipped,
        perPage,
        page,
        pageCount: Math.max(1, Math.ceil(found.length / perPage)),
      },
    });
  });

  api.post("/customer", async (c) => {
    const parsed = customerBody.safeParse(await jsonOf(c));
    if (!parsed.success) return refuse(c, parsed.error.issues[0]?.message ?? "Invalid body");
    const customer = records.saveCustomer(parsed.data);
    return c.json({
      status: true,
      message: "Customer created",
      data: {
        email: customer.email,
        integration: 100032,
        domain: "test",
        customer_code: customer.customer_code,
        id: customer.id,
        identified: false,
        identifications: null,
        first_name: customer.first_name,
        last_name: customer.last_name,
        phone: customer.phone,
        createdAt: customer.createdAt,
        updatedAt: records.now(),
      },
    });
  });

  api.post("/dedicated_account", async (c) => {
    const parsed = accountBody.safeParse(await jsonOf(c));
    if (!parsed.success) return refuse(c, parsed.error.issues[0]?.message ?? "Invalid body");
    const customer = records.customerByCode(String(parsed.data.customer));
    if (!customer) return refuse(c, "Customer not found", 404);
    const bank = banks[parsed.data.preferred_bank];
    if (!bank) return refuse(c, "Invalid preferred bank");
    const account =
      records.accountOf(customer.id, bank.slug) ?? records.openAccount(customer, bank, businessName);
    return c.json({
      status: true,
      message: "NUBAN successfully created",
      data: {
        bank: account.bank,
        account_name: account.account_name,
        account_number: account.account_number,
        assigned: true,
        currency: "NGN",
        metadata: null,
        active: true,
        id: account.id,
        created_at: account.created_at,
        updated_at: account.created_at,
        assignment: {
          integration: 100032,
          assignee_id: customer.id,
          assignee_type: "Customer",
          expired: false,
          account_type: "PAY-WITH-TRANSFER-RECURRING",
          assigned_at: account.created_at,
        },
        customer: { id: customer.id, email: customer.email, customer_code: customer.customer_code },
      },
    });
  });

  // The pages a customer's browser sees: no key, small bodies only.
  const pageBodies = bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.text("Too large", 413) });
  const checkoutFor = (t: PaystackTransaction, error?: string) =>
    checkoutPage({
      businessName,
      email: records.customer(t.customerId)?.email ?? "",
      amount: t.amount,
      reference: t.reference,
      action: t.access_code,
      error,
    });

  app.get("/checkout/:code", (c) => {
    const t = records.byAccessCode(c.req.param("code"));
    if (!t) return c.html(notePage("Payment not found", "There is no payment here."), 404);
    if (t.status === "success") {
      const back = t.callback_url && {
        href: withParams(t.callback_url, t.reference),
        text: "Back to the shop",
      };
      return c.html(
        notePage("This payment is complete", `${formatKobo(t.amount)} was paid.`, back || undefined),
      );
    }
    return c.html(checkoutFor(t));
  });

  app.post("/checkout/:code", pageBodies, async (c) => {
    const t = records.byAccessCode(c.req.param("code"));
    if (!t) return c.html(notePage("Payment not found", "There is no payment here."), 404);
    const form = await c.req.parseBody();
    const field = (name: string) =>
      typeof form[name] === "string" ? (form[name] as string).replace(/\s+/g, "") : "";
    if (form.method === "cancel") {
      if (t.callback_url) return c.redirect(withParams(t.callback_url, t.reference), 303);
      return c.html(notePage("Payment cancelled", "Nothing was paid."));
    }
    if (t.status !== "success") {
      if (form.method === "card") {
        const good =
          field("card_number") === testCard.number.replace(/\s+/g, "") &&
          field("pin") === testCard.pin &&
          field("otp") === testCard.otp;
        if (!good) {
          records.update(t.reference, { status: "failed", gateway_response: "Declined" });
          return c.html(
            checkoutFor(
              t,
              `Declined: use the test card ${testCard.number}, PIN ${testCard.pin}, OTP ${testCard.otp}.`,
            ),
          );
        }
      }
      await sendBriefly(complete(t.reference, form.method === "transfer" ? "bank_transfer" : "card"));
    }
    if (t.callback_url) return c.redirect(withParams(t.callback_url, t.reference), 303);
    return c.html(notePage("Payment complete", `${formatKobo(t.amount)} was paid.`));
  });

  app.get("/bank", (c) =>
    c.html(
      bankPage({
        account: (c.req.query("account") ?? "").replace(/\D/g, "").slice(0, 10),
        amount: (c.req.query("amount") ?? "").slice(0, 20),
        sender: "ADA OKAFOR",
      }),
    ),
  );

  app.post("/bank", pageBodies, async (c) => {
    const form = await c.req.parseBody();
    const text = (name: string) => (typeof form[name] === "string" ? (form[name] as string).trim() : "");
    const account = text("account");
    const sender = text("sender").slice(0, 60) || "ADA OKAFOR";
    const shown = { account, amount: text("amount"), sender };
    const amount = kobo(text("amount"));
    if (amount === null)
      return c.html(bankPage({ ...shown, error: "Write the amount in naira, like 5,000 or 5000.50." }), 400);
    const found = records.account(account);
    if (!found) return c.html(bankPage({ ...shown, error: "No account with that number." }), 404);
    const t = receiveTransfer(account, amount, { name: sender });
    await sendBriefly(t);
    return c.html(
      bankPage({
        account: "",
        amount: "",
        sender,
        sent: `Transfer sent: ${formatKobo(amount)} to ${found.account_name} (${found.bank.name} ${found.account_number}). Reference ${t.reference}.`,
      }),
    );
  });

  app.route("/", api);

  const control: PaystackControl = {
    async pay(reference, channel = "card") {
      const before = records.transaction(reference);
      if (!before) throw new Error(`no transaction ${reference}`);
      if (before.status === "success") return;
      await sendSuccess(complete(reference, channel));
    },
    async transfer(accountNumber, amountKobo, sender) {
      const t = receiveTransfer(accountNumber, amountKobo, sender);
      await sendSuccess(t);
      return { reference: t.reference, id: t.id };
    },
    setBehaviour(next) {
      if (next.latencyMs !== undefined) behaviour.latencyMs = next.latencyMs;
      if (next.hang !== undefined) behaviour.hang = next.hang;
      if (next.webhooks) webhooks.setHolding(next.webhooks === "hold");
    },
    heldWebhooks: () => webhooks.heldCopy(),
    releaseWebhooks: () => webhooks.release(),
    webhooks: webhooks.attempts,
    transaction(reference) {
      const t = records.transaction(reference);
      return t && view(t);
    },
    accounts: () => records.accounts().map((a) => ({ ...a, customer: records.customer(a.customerId) })),
  };

  return { app, control, close: () => webhooks.close() };
}
