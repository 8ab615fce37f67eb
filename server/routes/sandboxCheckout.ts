import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { html } from "hono/html";
import { formatNaira } from "../../schemas/money";
import { transactions } from "../db/schema";
import type { AppDeps, AppEnv } from "../deps";
import type { SandboxGateway } from "../gateways/sandboxGateway";

export type DeliverWebhook = (rawBody: string, signature: string) => Promise<unknown>;

const page = (title: string, body: ReturnType<typeof html>) => html`<!doctype html>
<html lang="en-NG">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <style>
      body { font-family: system-ui, sans-serif; background: #f6f8f9; color: #17212b; margin: 0; padding: 24px 12px; }
      main { max-width: 420px; margin: 0 auto; background: #fff; border: 1px solid #dfe5ea; border-radius: 12px; padding: 20px; }
      .note { background: #fff4d6; color: #7a5b00; padding: 8px 12px; border-radius: 8px; }
      .amount { font-size: 2rem; font-weight: 800; margin: 12px 0; }
      form { margin: 0; }
      button { width: 100%; min-height: 48px; border-radius: 10px; font: inherit; font-weight: 700; margin-top: 12px; cursor: pointer; }
      .pay { background: #1f7a3a; border: 1px solid #1f7a3a; color: #fff; }
      .cancel { background: #fff; border: 1px solid #b42318; color: #b42318; }
    </style>
  </head>
  <body>
    <main>${body}</main>
  </body>
</html>`;

/**
 * The sandbox gateway's checkout, served by the app itself: Pay and Cancel make the gateway send its
 * signed webhook (through the real webhook route), then send the customer back to Fund account.
 */
export function mountSandboxCheckout(
  app: Hono<AppEnv>,
  deps: AppDeps,
  gateway: SandboxGateway,
  deliver: DeliverWebhook,
) {
  const back = (reference: string) => `/app/fund-account?reference=${encodeURIComponent(reference)}`;
  const findFunding = async (reference: string) => {
    const [txn] = await deps.db
      .select()
      .from(transactions)
      .where(eq(transactions.reference, reference))
      .limit(1);
    return txn?.kind === "funding" ? txn : undefined;
  };

  app.get("/sandbox/checkout/:reference", async (c) => {
    const reference = c.req.param("reference");
    const txn = await findFunding(reference);
    if (!txn)
      return c.html(
        page(
          "Payment not found",
          html`<h1>Payment not found</h1><p>There is no payment with that reference.</p>`,
        ),
        404,
      );
    if (txn.status !== "pending") return c.redirect(back(reference), 303);
    const action = `/sandbox/checkout/${encodeURIComponent(reference)}`;
    return c.html(
      page(
        "Sandbox checkout · OjaPay",
        html`<h1>Sandbox checkout</h1>
          <p class="note">This is the sandbox payment page. No real money moves.</p>
          <p>Paying OjaPay</p>
          <p class="amount">${formatNaira(txn.amount)}</p>
          <p>Reference ${reference}</p>
          <form method="post" action="${action}">
            <input type="hidden" name="outcome" value="pay" />
            <button class="pay" type="submit">Pay ${formatNaira(txn.amount)}</button>
          </form>
          <form method="post" action="${action}">
            <input type="hidden" name="outcome" value="cancel" />
            <button class="cancel" type="submit">Cancel</button>
          </form>`,
      ),
    );
  });

  app.post("/sandbox/checkout/:reference", async (c) => {
    const reference = c.req.param("reference");
    const txn = await findFunding(reference);
    if (!txn) return c.html(page("Payment not found", html`<h1>Payment not found</h1>`), 404);
    const form = await c.req.parseBody();
    if (txn.status === "pending") {
      const event = gateway.eventFor(reference, txn.amount, form.outcome === "pay" ? "successful" : "failed");
      await deliver(event.rawBody, event.signature);
    }
    return c.redirect(back(reference), 303);
  });
}
