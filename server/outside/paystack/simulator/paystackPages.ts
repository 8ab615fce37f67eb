import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { simulatedBarHtml } from "../../simulation/simulatedBar";

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

const naira = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" });
export const formatKobo = (kobo: number) => naira.format(kobo / 100);

/** Paystack's test card, which the simulated checkout comes filled with and alone accepts. */
export const testCard = {
  number: "4084 0840 8408 4081",
  expiry: "12/30",
  cvv: "408",
  pin: "0000",
  otp: "123456",
};

export function page(title: string, body: Html) {
  return html`<!doctype html>
<html lang="en-NG">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <style>
      body { font-family: system-ui, sans-serif; background: #f3f5f7; color: #17212b; margin: 0; }
      main { max-width: 440px; margin: 16px auto; background: #fff; border: 1px solid #dfe5ea; border-radius: 12px; padding: 20px; }
      h1 { font-size: 1.3rem; margin: 0 0 8px; }
      h2 { font-size: 1.05rem; margin: 20px 0 8px; }
      .amount { font-size: 2rem; font-weight: 800; margin: 8px 0; }
      .muted { color: #5b6b78; }
      .error { background: #fde8e6; color: #9b1c10; padding: 8px 12px; border-radius: 8px; }
      .ok { background: #e3f5e8; color: #145c2a; padding: 8px 12px; border-radius: 8px; }
      label { display: block; font-weight: 600; margin: 10px 0 4px; }
      input { box-sizing: border-box; width: 100%; min-height: 44px; font: inherit; padding: 8px 10px; border: 1px solid #9aa8b4; border-radius: 8px; }
      .row { display: flex; gap: 10px; }
      .row > div { flex: 1; }
      form { margin: 0; }
      button { width: 100%; min-height: 48px; border-radius: 10px; font: inherit; font-weight: 700; margin-top: 12px; cursor: pointer; }
      .pay { background: #0ba4db; border: 1px solid #0a8fbf; color: #fff; }
      .secondary { background: #fff; border: 1px solid #0a8fbf; color: #0a6f95; }
      .cancel { background: #fff; border: 1px solid #b42318; color: #b42318; }
      :focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
    </style>
  </head>
  <body>
    ${raw(simulatedBarHtml)}
    <main>${body}</main>
  </body>
</html>`;
}

export interface CheckoutView {
  businessName: string;
  email: string;
  amount: number;
  reference: string;
  action: string;
  error?: string;
}

export function checkoutPage(view: CheckoutView) {
  const pay = formatKobo(view.amount);
  return page(
    "Paystack checkout (simulated)",
    html`<h1>Paystack checkout (simulated)</h1>
      <p class="muted">${view.businessName} · ${view.email}</p>
      <p class="amount">${pay}</p>
      <p class="muted">Reference ${view.reference}</p>
      ${view.error ? html`<p class="error" role="alert">${view.error}</p>` : ""}
      <h2>Pay by card</h2>
      <form method="post" action="${view.action}">
        <input type="hidden" name="method" value="card" />
        <label for="card_number">Card number</label>
        <input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" value="${testCard.number}" />
        <div class="row">
          <div>
            <label for="expiry">Expiry (MM/YY)</label>
            <input id="expiry" name="expiry" autocomplete="cc-exp" value="${testCard.expiry}" />
          </div>
          <div>
            <label for="cvv">CVV</label>
            <input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" value="${testCard.cvv}" />
          </div>
        </div>
        <div class="row">
          <div>
            <label for="pin">Card PIN</label>
            <input id="pin" name="pin" inputmode="numeric" value="${testCard.pin}" />
          </div>
          <div>
            <label for="otp">OTP</label>
            <input id="otp" name="otp" inputmode="numeric" value="${testCard.otp}" />
          </div>
        </div>
        <button class="pay" type="submit">Pay ${pay}</button>
      </form>
      <h2>Pay by bank transfer</h2>
      <form method="post" action="${view.action}">
        <input type="hidden" name="method" value="transfer" />
        <button class="secondary" type="submit">I have sent ${pay} by bank transfer</button>
      </form>
      <form method="post" action="${view.action}">
        <input type="hidden" name="method" value="cancel" />
        <button class="cancel" type="submit">Cancel</button>
      </form>
      <p><a href="../bank">Or transfer to your own account number</a></p>`,
  );
}

export function notePage(title: string, message: string, link?: { href: string; text: string }) {
  return page(
    title,
    html`<h1>${title}</h1>
      <p>${message}</p>
      ${link ? html`<p><a href="${link.href}">${link.text}</a></p>` : ""}`,
  );
}

export function bankPage(view: {
  account: string;
  amount: string;
  sender: string;
  error?: string;
  sent?: string;
}) {
  return page(
    "Your bank app (simulated)",
    html`<h1>Your bank app (simulated)</h1>
      <p class="muted">Send money to an account number, as a customer would from their bank's app.</p>
      ${view.error ? html`<p class="error" role="alert">${view.error}</p>` : ""}
      ${view.sent ? html`<p class="ok" role="status">${view.sent}</p>` : ""}
      <form method="post" action="bank">
        <label for="account">Account number</label>
        <input id="account" name="account" inputmode="numeric" maxlength="10" value="${view.account}" />
        <label for="amount">Amount (₦)</label>
        <input id="amount" name="amount" inputmode="decimal" value="${view.amount}" />
        <label for="sender">Sender's name</label>
        <input id="sender" name="sender" value="${view.sender}" />
        <button class="pay" type="submit">Send money</button>
      </form>`,
  );
}
