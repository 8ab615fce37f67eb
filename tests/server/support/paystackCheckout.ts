/** Posts the simulated Paystack checkout page's form with `fields`, as the customer's browser does. */
export function checkoutForm(checkoutUrl: string, fields: Record<string, string>) {
  return fetch(checkoutUrl, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
}

/** Pays at the simulated checkout with the test card that succeeds. */
export const payByCard = (checkoutUrl: string) =>
  checkoutForm(checkoutUrl, {
    method: "card",
    card_number: "4084 0840 8408 4081",
    expiry: "12/30",
    cvv: "408",
    pin: "0000",
    otp: "123456",
  });
