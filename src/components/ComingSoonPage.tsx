import { usePageTitle } from "../app/usePageTitle";

/** A page whose route exists but whose work is not built yet: its title and an honest "coming soon". */
export function ComingSoonPage({ title, children }: { title: string; children?: React.ReactNode }) {
  usePageTitle(title);
  return (
    <section>
      <h1>{title}</h1>
      <p>
        <span className="coming-soon">Coming soon</span>
      </p>
      <p>{children ?? "This page is not available yet. We are building it now."}</p>
    </section>
  );
}
