/**
 * The curl samples of the Developer page, for both ways in, written against the address the
 * customer opened the page at, so they can be pasted as they are. `$OJAPAY_KEY` stands for the key:
 * the page never holds one after the shown-once modal closes.
 */
const json = '-H "Content-Type: application/json"';

export interface Sample {
  title: string;
  code: string;
}

/** The market's dialect (what most VTU sites speak): Token keys, naira, their field names. */
export function marketSamples(origin: string): Sample[] {
  const base = `${origin}/reseller/api`;
  const token = '-H "Authorization: Token $OJAPAY_KEY"';
  return [
    { title: "Your balance, and the data plans with their ids", code: `curl ${base}/user/ ${token}` },
    {
      title: "Buy ₦500 of MTN airtime",
      code: `curl -X POST ${base}/topup/ ${token} ${json} \\\n  -d '{"network":1,"amount":500,"mobile_number":"08031234567","request_id":"order-1001"}'`,
    },
    {
      title: "Buy a data plan (its id from user/)",
      code: `curl -X POST ${base}/data/ ${token} ${json} \\\n  -d '{"network":1,"plan":7,"mobile_number":"08031234567"}'`,
    },
    {
      title: "Check a smartcard, then subscribe",
      code: `curl "${base}/validateiuc?smart_card_number=1212121212&cablename=1" ${token}\ncurl -X POST ${base}/cablesub/ ${token} ${json} \\\n  -d '{"cablename":1,"cableplan":3,"smart_card_number":"1212121212"}'`,
    },
    {
      title: "Check a meter, then pay ₦3,000 of electricity",
      code: `curl "${base}/validatemeter?meternumber=1111111111111&disconame=6&mtype=prepaid" ${token}\ncurl -X POST ${base}/billpayment/ ${token} ${json} \\\n  -d '{"disco_name":6,"amount":3000,"meter_number":"1111111111111","MeterType":1}'`,
    },
    {
      title:
        "Buy 2 WAEC result checker PINs (each card comes back in data_pin, its PIN and serial joined by <=>)",
      code: `curl -X POST ${base}/epin/ ${token} ${json} \\\n  -d '{"exam_name":"WAEC","quantity":2,"request_id":"order-1002"}'`,
    },
    {
      title:
        "Print 20 MTN ₦200 recharge cards (network_amount is the card's id in user/'s Rechargepin; the cards come back in pin, serial and load_pin)",
      code: `curl -X POST ${base}/rechargepin/ ${token} ${json} \\\n  -d '{"network":1,"network_amount":2,"quantity":20,"name_on_card":"Ade Stores","request_id":"order-1003"}'`,
    },
    { title: "A purchase's status, by its id", code: `curl ${base}/topup/<id>/ ${token}` },
  ];
}

/** OjaPay's own v1: Bearer keys, kobo, our envelope. */
export function v1Samples(origin: string): Sample[] {
  const base = `${origin}/api/v1`;
  const bearer = '-H "Authorization: Bearer $OJAPAY_KEY"';
  return [
    { title: "Your balance", code: `curl ${base}/balance ${bearer}` },
    { title: "What you can buy, at your prices", code: `curl ${base}/catalogue ${bearer}` },
    {
      title: "Buy ₦500 of MTN airtime (50000 kobo)",
      code: `curl -X POST ${base}/purchases ${bearer} ${json} \\\n  -d '{"kind":"airtime","network_id":1,"phone":"08031234567","amount":50000,"request_id":"'$(uuidgen)'"}'`,
    },
    {
      title: "Buy 2 exam PINs (a product id from the catalogue's exam_pins; the PINs come back in pins)",
      code: `curl -X POST ${base}/purchases ${bearer} ${json} \\\n  -d '{"kind":"exam_pin","product":1,"quantity":2,"phone":"08031234567","request_id":"'$(uuidgen)'"}'`,
    },
    {
      title:
        "Print 20 MTN ₦200 recharge cards (denomination in kobo; each card's pin, serial and load_code come back in pins)",
      code: `curl -X POST ${base}/purchases ${bearer} ${json} \\\n  -d '{"kind":"recharge_pin","network_id":1,"denomination":20000,"quantity":20,"name_on_card":"Ade Stores","request_id":"'$(uuidgen)'"}'`,
    },
    {
      title: "A purchase, by its id or your request id",
      code: `curl ${base}/purchases/<id or request id> ${bearer}`,
    },
    { title: "The webhooks sent to you", code: `curl ${base}/webhook-deliveries ${bearer}` },
  ];
}

/** Checking X-OjaPay-Signature in Node: the HMAC over "<t>.<raw body>", and a `t` not too old. */
export const verifySample = `import { createHmac, timingSafeEqual } from "node:crypto";

// rawBody: the request body exactly as it arrived, before any JSON parsing.
export function fromOjaPay(rawBody, header, signingSecret) {
  const { t, v1 } = Object.fromEntries(header.split(",").map((part) => part.split("=")));
  const expected = createHmac("sha256", signingSecret).update(\`\${t}.\${rawBody}\`).digest("hex");
  const recent = Math.abs(Date.now() / 1000 - Number(t)) < 300; // refuse replays
  return recent && v1?.length === expected.length &&
    timingSafeEqual(Buffer.from(v1), Buffer.from(expected));
}`;
