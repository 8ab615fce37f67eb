import { useCallback, useId } from "react";
import { useSearchParams } from "wouter";
import { useAdminServices } from "../../../app/AppServices";
import { useLoad } from "../../../app/useLoad";
import { usePageTitle } from "../../../app/usePageTitle";
import { PagedResults } from "../../../components/PagedResults";
import { DisputeRecord } from "./DisputeRecord";
import { useResolveDialog } from "./useResolveDialog";
import "../console.css";
import "./disputes.css";

const states = { open: "Open, oldest first", closed: "Closed, latest first" } as const;
type State = keyof typeof states;

function pageOf(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/**
 * Disputes (staff and admins): customers' "Report a problem", the open ones oldest first, each with
 * what the provider said when it was asked again and its 72-hour deadline; resolved by a refund, a
 * redelivery at the business's cost, or a rejection with a note the customer reads.
 */
export default function DisputesPage() {
  const { admin } = useAdminServices();
  const [params, setParams] = useSearchParams();
  const state: State = params.get("state") === "closed" ? "closed" : "open";
  const page = pageOf(params);
  const stateId = useId();
  usePageTitle("Disputes");
  const list = useLoad(useCallback(() => admin.disputes({ state, page }), [admin, state, page]));
  const resolution = useResolveDialog(list.retry);
  const show = (next: { state?: State; page?: number }) => {
    const merged = new URLSearchParams(params);
    const nextState = next.state ?? state;
    if (nextState === "open") merged.delete("state");
    else merged.set("state", nextState);
    const nextPage = next.page ?? 1;
    if (nextPage === 1) merged.delete("page");
    else merged.set("page", String(nextPage));
    setParams(merged);
  };

  return (
    <div className="console-page">
      <h1>Disputes</h1>
      <div className="card review-intro">
        <p className="muted">
          Each purchase was asked about again when its customer reported it; the provider's answer is beside
          it. Answer within 72 hours: a refund gives the money back once, a redelivery buys it again at our
          cost, a rejection tells the customer why.
        </p>
        <div className="field">
          <label htmlFor={stateId}>Show</label>
          <select id={stateId} value={state} onChange={(e) => show({ state: e.target.value as State })}>
            {(Object.keys(states) as State[]).map((choice) => (
              <option key={choice} value={choice}>
                {states[choice]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <PagedResults
        title={state === "open" ? "Open disputes" : "Closed disputes"}
        showTitle
        list={list}
        page={page}
        onPage={(next) => show({ page: next })}
        failed="We could not load the disputes."
        none={<p>{state === "open" ? "No open disputes." : "No closed disputes."}</p>}
        pagerLabel="Disputes pages"
      >
        {(rows, stale) => (
          <ul className={`console-list ${stale ? "stale" : ""}`}>
            {rows.map((row) => (
              <li key={row.id}>
                <DisputeRecord dispute={row} onResolve={() => resolution.open(row)} />
              </li>
            ))}
          </ul>
        )}
      </PagedResults>
      {resolution.dialog}
    </div>
  );
}
