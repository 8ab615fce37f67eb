import { CodeBlock } from "./CodeBlock";

// The market's dialect is served outside /api (server/routes/msorgDialectRoutes.ts), so the OpenAPI
// document does not describe it: its few paths are listed here by hand.

const paths: ReadonlyArray<{ method: string; path: string; what: string }> = [
  {
    method: "GET",
    path: "user/",
    what: "Your account, wallet balance, data plans, exam PIN prices (Exam) and recharge cards (Rechargepin: each card's id, network, value and price)",
  },
  { method: "POST", path: "topup/", what: "Airtime: network, amount, mobile_number" },
  { method: "POST", path: "data/", what: "Data: plan, mobile_number (network optional)" },
  { method: "POST", path: "cablesub/", what: "TV: cablename, cableplan, smart_card_number" },
  {
    method: "POST",
    path: "billpayment/",
    what: "Electricity: disco_name, amount, meter_number, MeterType (1 prepaid, 2 postpaid)",
  },
  {
    method: "POST",
    path: "epin/",
    what: "Exam PINs: exam_name (WAEC, NECO or NABTEB), quantity (1 to 10); the PINs come back in data_pin.pin, one <pin><=><serial> a line",
  },
  {
    method: "POST",
    path: "rechargepin/",
    what: "Recharge cards to print: network, network_amount (a card's id from user/'s Rechargepin), quantity (1 to 100), name_on_card (1 to 30 characters); the cards come back in pin, serial and load_pin, comma-separated in the same order",
  },
  {
    method: "GET",
    path: "<service>/<id>/",
    what: "A purchase as it stands: topup, data, cablesub, billpayment, epin or rechargepin, and its id (an epin or rechargepin record with its PINs)",
  },
  { method: "GET", path: "validateiuc", what: "A smartcard's name: smart_card_number, cablename" },
  { method: "GET", path: "validatemeter", what: "A meter's name: meternumber, disconame, mtype" },
];

const topupSample = (origin: string) => `curl -X POST '${origin}/reseller/api/topup/' \\
  -H "Authorization: Token $OJAPAY_KEY" \\
  -H 'Content-Type: application/json' \\
  -d '{ "network": 1, "amount": 100, "mobile_number": "08031234567", "request_id": "order-1042" }'`;

/** The paths most VTU sites and apps already call, for a script written for another vendor. */
export function MarketFormatSection({ origin }: { origin: string }) {
  return (
    <section className="developers-section" aria-labelledby="market-format">
      <h2 id="market-format">The VTU market's format</h2>
      <p>
        A script written for another VTU vendor's API works with OjaPay by changing its base address to{" "}
        <code className="developers-address">{origin}/reseller/api/</code> and sending your key as{" "}
        <code>Authorization: Token &lt;key&gt;</code>. Amounts are in naira. A purchase's <code>Status</code>{" "}
        is <code>successful</code>, <code>failed</code> or <code>processing</code>; a failed one whose money
        came back has <code>refund: true</code>. Send an optional <code>request_id</code> (1 to 64 letters,
        digits or <code>_.:-</code>): the same one answers the same purchase and never charges twice.
      </p>
      <ul className="developers-list market-paths">
        {paths.map((entry) => (
          <li key={`${entry.method} ${entry.path}`}>
            <span className="http-method">{entry.method}</span> <code>{entry.path}</code>: {entry.what}
          </li>
        ))}
      </ul>
      <CodeBlock caption="Airtime in the market's format" code={topupSample(origin)} />
    </section>
  );
}
