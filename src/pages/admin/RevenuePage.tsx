import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useState } from "react";
import { useSearchParams } from "wouter";
import { z } from "zod/mini";
import type { RevenueReport } from "../../../schemas/admin";
import type { ServiceTotals } from "../../../schemas/staff";
import { transactionKind } from "../../../schemas/transactions";
import { useAdminServices } from "../../app/AppServices";
import { useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { LoadFailed } from "../../components/LoadFailed";
import { kindLabels } from "../../components/TransactionLabels";
import { formatCount } from "../../format/formatCount";
import { formatDate } from "../../format/formatDate";
import { addDays, lagosDay } from "../../format/lagosCalendar";
import { formatNaira } from "../../format/money";
import { saveCsv } from "../../format/saveCsv";
import { BarChart } from "./charts/BarChart";
import { revenueCsv, revenueCsvName } from "./revenueCsv";
import "./console.css";
import { DateField } from "../../components/DateField";

const isoDay = z.iso.date();
type Range = { from: string; to: string };

/** The last 30 days, today included; days in Lagos, as the server counts them, whatever the admin's clock says. */
export function defaultRange(now = new Date()): Range {
  const to = lagosDay(now);
  return { from: addDays(to, -29), to };
}

/** The address decides the period (a shared link shows the same report); a bad one falls back. */
function readRange(params: URLSearchParams): Range {
  const fallback = defaultRange();
  const from = isoDay.safeParse(params.get("from"));
  const to = isoDay.safeParse(params.get("to"));
  const range = { from: from.success ? from.data : fallback.from, to: to.success ? to.data : fallback.to };
  return range.from <= range.to ? range : fallback;
}

export default function RevenuePage() {
  const { admin } = useAdminServices();
  const [params, setParams] = useSearchParams();
  const { from, to } = readRange(params);
  usePageTitle("Revenue");

  const report = useLoad(useCallback(() => admin.revenue({ from, to }), [admin, from, to]));
  const data = report.state === "failed" ? undefined : report.data;

  return (
    <div className="console-page">
      <h1>Revenue</h1>
      <PeriodForm
        from={from}
        to={to}
        onApply={(range) => setParams(new URLSearchParams(range))}
        exportButton={
          <button
            type="button"
            className="button secondary"
            disabled={report.state !== "ready"}
            onClick={() => data && saveCsv(revenueCsv(data.days), revenueCsvName(data.from, data.to))}
          >
            Export CSV
          </button>
        }
      />
      {report.state === "loading" && !data && (
        <p role="status" className="muted">
          Loading…
        </p>
      )}
      {report.state === "failed" && (
        <LoadFailed message="We could not load the report." retry={report.retry} />
      )}
      {data && <Report report={data} stale={report.state === "loading"} />}
    </div>
  );
}

function PeriodForm({
  from,
  to,
  onApply,
  exportButton,
}: Range & { onApply: (range: Range) => void; exportButton: ReactNode }) {
  const [draft, setDraft] = useState<Range>({ from, to });
  const [problem, setProblem] = useState<{ from?: string; to?: string }>({});
  // Back or a link can change the period under the form; the form follows the address.
  useEffect(() => setDraft({ from, to }), [from, to]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: { from?: string; to?: string } = {};
    if (!isoDay.safeParse(draft.from).success) next.from = "Choose the first day.";
    if (!isoDay.safeParse(draft.to).success) next.to = "Choose the last day.";
    else if (!next.from && draft.to < draft.from) next.to = "The last day must be on or after the first.";
    setProblem(next);
    if (!next.from && !next.to) onApply(draft);
  };

  return (
    <form className="card filters" aria-label="Period" noValidate onSubmit={submit}>
      <div className="filter-fields">
        <DateField
          label="From"
          chosen={draft.from}
          value={draft.from}
          error={problem.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
        <DateField
          label="To"
          chosen={draft.to}
          value={draft.to}
          error={problem.to}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
      </div>
      <div className="filter-actions">
        <button type="submit" className="button">
          Show
        </button>
        {exportButton}
      </div>
    </form>
  );
}

/** The report names services by plain strings: a kind we know gets its label, any other shows as sent. */
const serviceName = (kind: string) => {
  const known = transactionKind.safeParse(kind);
  return known.success ? kindLabels[known.data] : kind;
};

/**
 * The totals, then the chart and the days and services with anything in them (a month of all-zero
 * days drew 30 cards on a phone), or, when the whole period had none, one card saying so. The CSV
 * keeps every day.
 */
function Report({ report, stale }: { report: RevenueReport; stale: boolean }) {
  const headline = useId();
  const activeDays = report.days.filter(hasFigures);
  const quietDays = report.days.length - activeDays.length;
  const activeServices = report.by_service.filter(hasFigures);
  return (
    <div className={`console-stack ${stale ? "stale" : ""}`} aria-busy={stale}>
      <section className="card stat-card" aria-labelledby={headline}>
        <h2 id={headline}>
          {formatDate(report.from)} to {formatDate(report.to)}
        </h2>
        <dl className="stat-list">
          <div>
            <dt>Revenue</dt>
            <dd>{formatNaira(report.revenue)}</dd>
          </div>
          <div>
            <dt>Volume</dt>
            <dd>{formatNaira(report.volume)}</dd>
          </div>
          <div>
            <dt>Refunds</dt>
            <dd>{formatNaira(report.refunds)}</dd>
          </div>
          <div>
            <dt>Cost</dt>
            <dd>{formatNaira(report.cost)}</dd>
          </div>
          <div>
            <dt>Transactions</dt>
            <dd>{formatCount(report.count)}</dd>
          </div>
        </dl>
        <p className="muted">
          Delivered purchases, refunded ones included, and level upgrade fees: revenue is volume less refunds
          less what the provider charged.
        </p>
      </section>

      {activeDays.length === 0 ? (
        <TableCard title="No sales in this period">
          <p className="muted">
            Nothing was delivered or refunded, and no level upgrade was paid, from {formatDate(report.from)}{" "}
            to {formatDate(report.to)}.
          </p>
        </TableCard>
      ) : (
        <>
          <TableCard title="Revenue by day">
            <BarChart
              title="Revenue by day"
              data={report.days.map((d) => ({ label: formatDate(d.date), value: d.revenue }))}
              format={formatNaira}
              columns={["Day", "Revenue"]}
            />
          </TableCard>

          <TableCard title="By day">
            {quietDays > 0 && (
              <p className="muted">
                {formatCount(activeDays.length)} {activeDays.length === 1 ? "day" : "days"} had sales; the
                other {formatCount(quietDays)} had none.
              </p>
            )}
            <FiguresTable
              caption="Revenue by day, in figures"
              first="Date"
              rows={activeDays.map((d) => ({ key: d.date, name: formatDate(d.date), ...d }))}
            />
          </TableCard>

          <TableCard title="By service">
            {activeServices.length < report.by_service.length && (
              <p className="muted">Services without sales are left out.</p>
            )}
            <FiguresTable
              caption="Revenue by service"
              first="Service"
              rows={activeServices.map((s) => ({ key: s.kind, name: serviceName(s.kind), ...s }))}
            />
          </TableCard>
        </>
      )}
    </div>
  );
}

/** A day or service with anything in it: a sale, a refund or a cost. */
const hasFigures = (day: ServiceTotals) =>
  day.count > 0 || day.volume !== 0 || day.refunds !== 0 || day.cost !== 0 || day.revenue !== 0;

function TableCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function FiguresTable({
  caption,
  first,
  rows,
}: {
  caption: string;
  first: string;
  rows: Array<{ key: string; name: string } & ServiceTotals>;
}) {
  if (rows.length === 0) return <p className="muted">Nothing in this period.</p>;
  // On a phone each row stacks (name over its figures, each labelled from data-label), so six columns
  // of naira never squeeze into 300 pixels; wider screens get the plain table.
  return (
    <table className="figures">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          <th scope="col">Transactions</th>
          <th scope="col">Volume</th>
          <th scope="col">Refunds</th>
          <th scope="col">Cost</th>
          <th scope="col">Revenue</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.name}</th>
            <td data-label="Transactions">{formatCount(row.count)}</td>
            <td data-label="Volume">{formatNaira(row.volume)}</td>
            <td data-label="Refunds">{formatNaira(row.refunds)}</td>
            <td data-label="Cost">{formatNaira(row.cost)}</td>
            <td data-label="Revenue" className={row.revenue < 0 ? "negative" : undefined}>
              {formatNaira(row.revenue)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
