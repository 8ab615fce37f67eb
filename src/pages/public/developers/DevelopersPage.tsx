import { Link } from "wouter";
import { PublicLayout } from "../PublicLayout";
import { CodeBlock } from "./CodeBlock";
import { developersLead, developersTitle } from "./developersHead";
import { MarketFormatSection } from "./MarketFormatSection";
import { ReferenceSections } from "./ReferenceSections";
import { usePageOrigin } from "./usePageOrigin";
import { WebhooksSection } from "./WebhooksSection";
import "./developers.css";

const contents = [
  { href: "#get-a-key", label: "Getting a key" },
  { href: "#calling", label: "Calling the API" },
  { href: "#operations", label: "Operations" },
  { href: "#refusal-codes", label: "Refusal codes" },
  { href: "#webhooks", label: "Webhooks" },
  { href: "#market-format", label: "The VTU market's format" },
] as const;

const answerSample = `{ "status": true, "msg": "Purchase successful.", "data": { "…": "…" } }
{ "status": false, "code": "insufficient_funds", "msg": "Insufficient balance: …", "data": { … }, "req_id": "…" }`;

/**
 * The reference for resellers' programs at /developers, signed out. The words about keys, answers,
 * webhooks and the market's format are the page's own (and prerendered); the operations are drawn
 * from the server's OpenAPI document, fetched as the page opens (ReferenceSections).
 */
export default function DevelopersPage() {
  const origin = usePageOrigin();
  return (
    <PublicLayout title={developersTitle}>
      <article className="container developers-page">
        <header className="info-header">
          <h1>{developersTitle}</h1>
          <p className="info-lead">{developersLead}</p>
        </header>
        <nav aria-label="On this page" className="developers-contents">
          <ul>
            {contents.map((entry) => (
              <li key={entry.href}>
                <a href={entry.href}>{entry.label}</a>
              </li>
            ))}
          </ul>
        </nav>

        <section className="developers-section" aria-labelledby="get-a-key">
          <h2 id="get-a-key">Getting a key</h2>
          <p>
            Keys are made on the Developer page of your OjaPay account, once it is at the Reseller or API
            price level and your identity is verified (tier 2). A key and its webhook signing secret are shown
            once, when made; an account holds up to 5 live keys.
          </p>
          <div className="developers-actions">
            <Link href="/app/developer" className="button">
              Get a key
            </Link>
            <Link href="/auth/register" className="button secondary">
              Create an account
            </Link>
            <Link href="/auth/login">Sign in</Link>
          </div>
        </section>

        <section className="developers-section" aria-labelledby="calling">
          <h2 id="calling">Calling the API</h2>
          <ul className="developers-list">
            <li>
              Every path is under <code className="developers-address">{origin}/api/v1/</code>, with your key
              in <code>Authorization: Bearer &lt;key&gt;</code>. Keep the key on your server, never in an app
              or a web page.
            </li>
            <li>Amounts are whole numbers of kobo (₦1 is 100 kobo), in requests and answers alike.</li>
            <li>
              Every answer is <code>{"{ status, msg, data }"}</code>; a refusal has <code>status: false</code>
              , a <code>code</code> from the <a href="#refusal-codes">refusal codes</a> and, when a field was
              wrong, <code>fields</code> naming it.
            </li>
            <li>
              Each purchase needs a <code>request_id</code> of your own (a UUID): sending the same one again
              answers the same purchase and never charges twice, so a purchase whose answer was lost can be
              sent again safely.
            </li>
          </ul>
          <CodeBlock caption="An answer, then a refusal" code={answerSample} />
        </section>

        <ReferenceSections origin={origin} />
        <WebhooksSection />
        <MarketFormatSection origin={origin} />
      </article>
    </PublicLayout>
  );
}
