import { useMachine } from "@xstate/react";
import { useCallback, useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { bulkMachine } from "../../../../machines/bulkMachine";
import type { BulkAirtimeRow, BulkDataRow, BulkPreview } from "../../../../schemas/bulk";
import { bulkActors } from "../../../actors/bulkActors";
import { useCustomerServices } from "../../../app/AppServices";
import { useLoad } from "../../../app/useLoad";
import { usePageTitle } from "../../../app/usePageTitle";
import { useGlobalLoading } from "../../../components/globalLoading";
import { LoadFailed } from "../../../components/LoadFailed";
import { parseNaira } from "../../../format/money";
import { customerPages } from "../customerNav";
import { lazyPart } from "../lazyPart";
import { type BulkDraft, BulkListForm } from "./BulkListForm";
import { loadBulkOffers } from "./bulkCatalogue";
import type { BulkLine } from "./bulkRows";
import "../purchase/purchase.css";
import "./bulk.css";

// The PIN form (react-hook-form) loads after the page has drawn, as the wizards' steps do.
const BulkConfirm = lazyPart(() => import("./BulkConfirm").then((module) => module.BulkConfirm));
// The list's reader and the checked table come with the first Check, a batch's view with a batch: the
// page draws its form without them.
const readList = () => import("./bulkRows");
const BulkPreviewTable = lazyPart(() =>
  import("./BulkPreviewTable").then((module) => module.BulkPreviewTable),
);
const BulkBatchView = lazyPart(() => import("./BulkBatchView").then((module) => module.BulkBatchView));
const loading = (
  <p className="card" role="status">
    Loading…
  </p>
);

const title = customerPages.find((page) => page.path === "/bulk")?.title ?? "Bulk top-up";
const emptyDraft: BulkDraft = { kind: "airtime", network: "", amount: "", plan: "", text: "" };
const idOrNull = (text: string) => (text ? Number(text) : null);

/** What a finished check found, said to a screen reader as the table appears. */
function checkSummary(preview: BulkPreview | null, lines: readonly BulkLine[]): string {
  if (!preview) return "";
  const bad = lines.filter((line) => !line.row).length + preview.count - preview.good;
  return bad === 0
    ? `All ${lines.length} lines checked and ready to buy.`
    : `${lines.length} lines checked: ${bad} to fix.`;
}

/**
 * Airtime or data for many numbers: the list checked, bought with the PIN, then followed. The batch's
 * id goes into the address once it starts, so leaving and coming back (or a refresh) shows it again.
 */
export default function BulkPage({ batchId }: { batchId?: string }) {
  const { customer, inspect } = useCustomerServices();
  const [logic] = useState(() => bulkMachine.provide({ actors: bulkActors(customer) }));
  const [state, send] = useMachine(logic, { input: { batchId: batchId ?? null }, inspect });
  const [, navigate] = useLocation();
  const { context } = state;
  const [draft, setDraft] = useState(emptyDraft);
  const [lines, setLines] = useState<BulkLine[]>([]);
  // No line could be read: nothing went to the server, and the table is this page's alone.
  const [localOnly, setLocalOnly] = useState(false);
  const [errors, setErrors] = useState<{ amount?: string; text?: string }>({});
  usePageTitle(title);
  useGlobalLoading(state.matches("checking") || state.matches("starting"));
  const loadOffers = useCallback(() => loadBulkOffers(customer), [customer]);
  const offers = useLoad(batchId ? null : loadOffers);

  useEffect(() => {
    if (!batchId && context.batchId) navigate(`/bulk/${context.batchId}`);
  }, [batchId, context.batchId, navigate]);

  const previewed = state.matches("previewed");
  useEffect(() => {
    // A list that can be bought: the PIN form's code is fetched before Buy all is pressed.
    if (previewed) BulkConfirm.preload();
  }, [previewed]);

  const edit = (next: BulkDraft) => {
    setDraft(next);
    if (state.matches("previewed")) send({ type: "bulk.edit" });
  };

  const check = async () => {
    if (offers.state !== "ready") return;
    const { readBulkRows } = await readList();
    const amount = draft.amount.trim() ? parseNaira(draft.amount) : null;
    if (draft.kind === "airtime" && draft.amount.trim() && amount === null)
      return setErrors({ amount: "Enter an amount in naira, like 500." });
    const defaults = { network_id: idOrNull(draft.network), amount, plan_id: idOrNull(draft.plan) };
    const reading = readBulkRows(draft.kind, draft.text, defaults, offers.data[draft.kind]);
    if (reading.tooMany) return setErrors({ text: reading.tooMany });
    if (reading.lines.length === 0) return setErrors({ text: "Add at least one number." });
    setErrors({});
    setLines(reading.lines);
    const rows = reading.lines.flatMap((line) => (line.row ? [line.row] : []));
    setLocalOnly(rows.length === 0);
    if (rows.length > 0)
      send({
        type: "bulk.check",
        order:
          draft.kind === "airtime"
            ? { kind: "airtime", rows: rows as BulkAirtimeRow[] }
            : { kind: "data", rows: rows as BulkDataRow[] },
      });
    else send({ type: "bulk.edit" });
  };

  if (batchId)
    return (
      <div className="bulk">
        <h1>{title}</h1>
        {context.batch ? (
          <BulkBatchView
            batch={context.batch}
            lostTouch={context.lostTouch}
            onAgain={() => {
              send({ type: "bulk.again" });
              navigate("/bulk");
            }}
            placeholder={loading}
          />
        ) : state.matches("unreadable") ? (
          <div className="card">
            <p role="alert">
              {context.failure?.status === 404
                ? "There is no such batch in your account."
                : context.failure?.message}
            </p>
            <div className="wizard-actions">
              <Link href="/bulk" className="button secondary">
                Start a new batch
              </Link>
              <button type="button" className="button" onClick={() => send({ type: "bulk.retry" })}>
                Try again
              </button>
            </div>
          </div>
        ) : (
          <p className="card" role="status">
            Loading the batch…
          </p>
        )}
      </div>
    );

  const { preview } = context;
  const shown = localOnly || preview !== null;
  // Every line read here and judged good by the server, and the wallet holds the total.
  const buyable =
    previewed && preview?.covered && preview.good === preview.count && lines.every((line) => line.row);
  const asking = state.matches("confirming") || state.matches("starting");
  return (
    <div className="bulk">
      <h1>{title}</h1>
      {offers.state === "failed" ? (
        <LoadFailed message="We could not load the networks and plans." retry={offers.retry} card />
      ) : offers.state !== "ready" ? (
        <p className="card" role="status">
          Loading the networks and plans…
        </p>
      ) : (
        <BulkListForm
          draft={draft}
          offers={offers.data}
          errors={{
            amount: errors.amount,
            text: errors.text ?? (state.matches("editing") ? context.failure?.message : undefined),
          }}
          locked={asking}
          onChange={edit}
          onCheck={check}
        />
      )}
      {shown && (
        <BulkPreviewTable
          lines={lines}
          preview={localOnly ? null : preview}
          stale={state.matches("editing") && !localOnly}
          placeholder={loading}
        />
      )}
      <p className="sr-only" role="status">
        {checkSummary(state.matches("previewed") ? preview : null, lines)}
      </p>
      {buyable && preview && (
        <button type="button" className="button bulk-buy" onClick={() => send({ type: "bulk.buy" })}>
          Buy all
        </button>
      )}
      {asking && preview && (
        <BulkConfirm
          total={preview.total}
          count={preview.count}
          error={state.matches("confirming") ? (context.failure?.message ?? null) : null}
          onConfirm={(pin) => send({ type: "bulk.confirm", pin })}
          onBack={() => send({ type: "bulk.back" })}
          placeholder={loading}
        />
      )}
    </div>
  );
}
