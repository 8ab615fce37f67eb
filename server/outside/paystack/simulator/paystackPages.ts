import { html } from "hono/html";
import { type Html, simulatorPage } from "../../simulation/simulatorPage";

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

/** The checkout's and the bank app's own look, inside the simulators' page shell. */
const paystackStyle = `
      .amount { font-size: 2rem; font-weight: 800; margin: 8px 0; }
      .error { background: #fde8e6; color: #9b1c10; padding: 8px 12px; border-radius: 8px; }
      .ok { background: #e3f5e8; color: #145c2a; padding: 8px 12px; border-radius: 8px; }
      .row { display: flex; gap: 10px; }
      .row > div { flex: 1; }
      form { margin: 0; }
      .pay { background: #0ba4db; border: 1px solid #0a8fbf; color: #fff; }
      .secondary { background: #fff; border: 1px solid #0a8fbf; color: #0a6f95; }
      .cancel { background: #fff; border: 1px solid #b42318; color: #b42318; }`;

export const page = (title: string, body: Html) => simulatorPage(title, body, paystackStyle);

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
