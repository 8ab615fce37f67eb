import { Fragment } from "react";
import { marketSamples, type Sample, v1Samples, verifySample } from "./apiSamples";

/** An address in the text, which a phone's line may break after a slash, not inside a word. */
function AddressCode({ address }: { address: string }) {
  const parts = address.split(/(?<=\/)(?!\/)/);
  return (
    <code>
      {parts.map((part, i) => (
        // The parts of one address never move: their place is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </code>
  );
}

function Samples({ samples }: { samples: Sample[] }) {
  return (
    <ul className="api-samples">
      {samples.map((sample) => (
        <li key={sample.title}>
          <p>{sample.title}</p>
          {/* Scrolls sideways rather than break a URL or JSON mid-word; focusable, so keys scroll it too. */}
          <pre
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a block that scrolls sideways must be reachable by keyboard (WCAG 2.1.1)
            tabIndex={0}
          >
            <code>{sample.code}</code>
          </pre>
        </li>
      ))}
    </ul>
  );
}

/**
 * How to call the two APIs with a key, with samples against the address this page was opened at,
 * and how to check a webhook's signature. Plain text drawn with the page: nothing here is loaded.
 */
export function ApiGuide({ origin }: { origin: string }) {
  return (
    <section className="card api-guide" aria-labelledby="api-guide">
      <h2 id="api-guide">Calling the API</h2>
      <p>
        Put your key where <code>$OJAPAY_KEY</code> stands. Every field, answer and status is in the{" "}
        <a href="/developers">API reference</a>.
      </p>
      <details open>
        <summary>The VTU market's format</summary>
        <p>
          The paths and fields most VTU sites and apps already speak, under{" "}
          <AddressCode address={`${origin}/reseller/api/`} />, with <code>Authorization: Token</code>. Amounts
          in naira. A purchase's status is <code>successful</code>, <code>failed</code> or{" "}
          <code>processing</code>.
        </p>
        <Samples samples={marketSamples(origin)} />
      </details>
      <details>
        <summary>OjaPay's own API (v1)</summary>
        <p>
          Under <AddressCode address={`${origin}/api/v1/`} />, with <code>Authorization: Bearer</code>.
          Amounts in kobo (₦1 is 100); answers in OjaPay's usual envelope. Send a new <code>request_id</code>{" "}
          with each purchase: sending the same one again answers the same purchase, never a second.
        </p>
        <Samples samples={v1Samples(origin)} />
      </details>
      <details>
        <summary>Checking a webhook's signature</summary>
        <p>
          When a purchase made with a key settles, we POST it to the key's webhook URL with{" "}
          <code className="keep-whole">X-OjaPay-Signature: t=…,v1=…</code>: <code>v1</code> is the hex
          HMAC-SHA256 of <code>t</code>, a dot and the raw body, keyed with the key's signing secret. Answer
          with any 2xx. Otherwise we try again after 1 minute, 5 minutes, 15 minutes, 1 hour, 6 hours and 24
          hours.
        </p>
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a block that scrolls sideways must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
        >
          <code>{verifySample}</code>
        </pre>
      </details>
    </section>
  );
}

/** The limits every key has, and what happens past them. */
export function KeyLimits() {
  return (
    <section className="card" aria-labelledby="key-limits">
      <h2 id="key-limits">Limits</h2>
      <ul className="key-limits">
        <li>
          <strong>Speed:</strong> each key may make 10 calls a second on average, with bursts of up to 30.
          Past that, calls are refused with status 429 for a moment: wait a second and try again.
        </li>
        <li>
          <strong>Daily cap:</strong> a key with a cap may spend at most that much in a day (Lagos time). A
          purchase over it is refused; the next day starts afresh.
        </li>
        <li>
          <strong>Allowed addresses:</strong> a key limited to some IP addresses refuses calls from any other.
        </li>
        <li>
          Your KYC tier's daily limit and your wallet balance apply to key purchases as to any other. At most
          5 live keys per account.
        </li>
      </ul>
    </section>
  );
}
