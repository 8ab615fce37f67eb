import { CodeBlock } from "./CodeBlock";

// Written here rather than read from the OpenAPI document, which describes what the server answers,
// not what it sends. The facts are server/services/webhooks' (signature, retries, bodies).

const verifySample = `// Node.js: check the signature on the raw body, before parsing it
import { createHmac, timingSafeEqual } from "node:crypto";

function isFromOjaPay(rawBody, header, signingSecret) {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=")));
  const expected = createHmac("sha256", signingSecret)
    .update(\`\${parts.t}.\${rawBody}\`)
    .digest("hex");
  const fresh = Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
  return fresh && parts.v1?.length === expected.length &&
    timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected));
}`;

const v1Body = `{
  "event": "purchase.settled",
  "data": { "id": "…", "reference": "OJA…", "kind": "airtime", "status": "successful", "amount": 10000, "…": "…", "request_id": "…" }
}`;

export function WebhooksSection() {
  return (
    <section className="developers-section" aria-labelledby="webhooks">
      <h2 id="webhooks">Webhooks</h2>
      <p>
        When a purchase made with a key settles (delivered, failed, or its money returned), OjaPay POSTs it as
        JSON to the key's webhook URL, which you set on the Developer page (https only).
      </p>
      <ul className="developers-list">
        <li>
          <code>X-OjaPay-Signature: t=&lt;unix seconds&gt;,v1=&lt;signature&gt;</code>: <code>v1</code> is the
          hex HMAC-SHA256 of <code>t</code>, a dot and the raw body (<code>&lt;t&gt;.&lt;raw body&gt;</code>),
          keyed with the key's signing secret, shown once when the key was made. Check it before trusting the
          body, and refuse an old <code>t</code>.
        </li>
        <li>
          Answer with any 2xx within 10 seconds (redirects are not followed). Otherwise the same body is sent
          again after 1 minute, 5 minutes, 15 minutes, 1 hour, 6 hours and 24 hours.
        </li>
        <li>
          A purchase made in the VTU market's format (below) is sent as that format's record, with{" "}
          <code>refund</code>; one made with the v1 API as <code>{"{ event, data }"}</code>, with the v1
          purchase in <code>data</code>. A test event from the Developer page is{" "}
          <code>{'{ "event": "test", "data": null }'}</code>.
        </li>
      </ul>
      <CodeBlock caption="A v1 webhook's body" code={v1Body} />
      <CodeBlock caption="Checking the signature (Node.js)" code={verifySample} />
    </section>
  );
}
