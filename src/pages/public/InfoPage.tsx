import { Link } from "wouter";
import { type InfoContent, type InfoSection, infoContent } from "./infoContent";
import type { InfoPath } from "./infoPaths";
import { PublicLayout } from "./PublicLayout";

const availableNow = [
  { href: "/airtime-VTU", label: "Airtime top-up" },
  { href: "/data-subscription", label: "Data bundles" },
  { href: "/cable-subscription", label: "Cable TV subscription" },
  { href: "/bill-payment", label: "Electricity bills" },
] as const;

export default function InfoPage({ path }: { path: InfoPath }) {
  const page = infoContent[path];
  return (
    <PublicLayout title={page.title}>
      <article className="container info-page">
        <header className="info-header">
          <div className="info-title">
            <h1>{page.title}</h1>
            {!page.built && <span className="coming-soon">Coming soon</span>}
          </div>
          <p className="info-lead">{page.lead}</p>
        </header>
        {!page.built && <NotAvailable />}
        {page.questions ? (
          <div className="info-questions">
            {page.sections.map((section) => (
              <details key={section.heading} className="info-question">
                <summary>{section.heading}</summary>
                <Body section={section} />
              </details>
            ))}
          </div>
        ) : (
          page.sections.map((section) => (
            <section key={section.heading} className="info-section">
              <h2>{section.heading}</h2>
              <Body section={section} />
            </section>
          ))
        )}
        {page.cta && <CallToAction cta={page.cta} />}
      </article>
    </PublicLayout>
  );
}

function Body({ section }: { section: InfoSection }) {
  if (section.list) {
    const items = section.body.map((item) => <li key={item}>{item}</li>);
    return section.list === "steps" ? (
      <ol className="info-steps">{items}</ol>
    ) : (
      <ul className="info-bullets">{items}</ul>
    );
  }
  return (
    <>
      {section.body.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </>
  );
}

function NotAvailable() {
  return (
    <div className="card info-unavailable">
      <p>
        <strong>This service is not available yet.</strong>
      </p>
      <p>What you can do with OjaPay today:</p>
      <ul>
        {availableNow.map((link) => (
          <li key={link.href}>
            <Link href={link.href}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function CallToAction({ cta }: { cta: NonNullable<InfoContent["cta"]> }) {
  return (
    <div className="card info-cta">
      <p>{cta.text}</p>
      {cta.href.startsWith("mailto:") ? (
        <a className="button" href={cta.href}>
          {cta.label}
        </a>
      ) : (
        <Link className="button" href={cta.href}>
          {cta.label}
        </Link>
      )}
    </div>
  );
}
