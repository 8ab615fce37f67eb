import { useMachine } from "@xstate/react";
import { useCallback, useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { bulkMachine } from "../../../../machines/bulkMachine";
import type { BulkAirtimeRow, BulkDataRow } from "../../../../schemas/bulk";
import { bulkActors } from "../../../actors/bulkActors";
import { useCustomerServices } from "../../../app/AppServices";
import { useLoad } from "../../../app/useLoad";
import { usePageTitle } from "../../../app/usePageTitle";
import { useGlobalLoading } from "../../../components/globalLoading";
import { LoadFailed } from "../../../components/LoadFailed";
import { parseNaira } from "../../../format/money";
import { customerPages } from "../customerNav";
import { BulkBatchView } from "./BulkBatchView";
import { BulkConfirm } from "./BulkConfirm";
import { type BulkDraft, BulkListForm } from "./BulkListForm";
import { BulkPreviewTable, type CheckedLine, checkedLines } from "./BulkPreviewTable";
import { loadBulkOffers } from "./bulkCatalogue";
import { type BulkLine, readBulkRows } from "./bulkRows";
import "../purchase/purchase.css";
import "./bulk.css";

const title = customerPages.find((page) => page.path === "/bulk")?.title ?? "Bulk top-up";
const emptyDraft: BulkDraft = { kind: "airtime", network: "", amount: "", plan: "", text: "" };
const idOrNull = (text: string) => (text ? Number(text) : null);
const unread = (lines: readonly BulkLine[]): CheckedLine[] =>
  lines.map((line) => ({ line: line.line, phone: line.phone, ok: false, msg: line.msg }));

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

  const edit = (next: BulkDraft) => {
    setDraft(next);
    if (state.matches("previewed")) send({ type: "bulk.edit" });
  };

  const check = () => {
    if (offers.state !== "ready") return;
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
  const checked = localOnly ? unread(lines) : preview ? checkedLines(lines, preview) : null;
  const buyable = state.matches("previewed") && preview?.covered && checked?.every((line) => line.ok);
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
      {checked && (
        <BulkPreviewTable
          lines={checked}
          preview={localOnly ? null : preview}
          stale={state.matches("editing") && !localOnly}
        />
      )}
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
        />
      )}
    </div>
  );
}
