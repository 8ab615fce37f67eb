import { Link } from "wouter";
import { usePageTitle } from "../app/usePageTitle";

/** Not-found inside a signed-in area, so the menu stays to hand. */
export function AreaNotFound({ home }: { home: string }) {
  usePageTitle("Page not found");
  return (
    <section>
      <h1>Page not found</h1>
      <p>There is no page at this address.</p>
      <Link href={home}>Back to the dashboard</Link>
    </section>
  );
}
