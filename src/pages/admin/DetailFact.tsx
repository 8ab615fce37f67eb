import type { ReactNode } from "react";

/** One labelled fact of a detail page's list (`<dl className="admin-facts">`). */
export function DetailFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
