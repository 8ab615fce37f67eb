import { Link } from "wouter";
import type { BulkPreview } from "../../../../schemas/bulk";
import { formatNaira } from "../../../format/money";
import type { BulkLine } from "./bulkRows";
import { whatItBuys } from "./whatItBuys";

/** A line of the list with the preview's verdict on it, or this page's own. */
export interface CheckedLine {
  line: number;
  phone: string;
  ok: boolean;
  description?: string | undefined;
  price?: number | undefined;
  msg?: string | undefined;
}

/**
 * The lines as checked: the server judged the rows sent (the k-th verdict is the k-th line that had
 * a row); a line this page could not read keeps its own message.
 */
export function checkedLines(lines: readonly BulkLine[], preview: BulkPreview): CheckedLine[] {
  let sent = 0;
  return lines.map((line) => {
    if (!line.row) return { line: line.line, phone: line.phone, ok: false, msg: line.msg };
    const verdict = preview.rows[sent++];
    return {
      line: line.line,
      phone: line.phone,
      ok: verdict?.ok ?? false,
      description:
        verdict?.description &&
        whatItBuys(
          verdict.description,
          line.phone,
          "amount" in line.row ? formatNaira(line.row.amount) : undefined,
        ),
      price: verdict?.price,
      msg: verdict?.msg,
    };
  });
}

const unread = (lines: readonly BulkLine[]): CheckedLine[] =>
  lines.map((line) => ({ line: line.line, phone: line.phone, ok: false, msg: line.msg }));

/** Each line's number, what it buys, its price or why it cannot be bought; then the totals. */
export function BulkPreviewTable({
  lines: read,
  preview,
  stale,
}: {
  lines: readonly BulkLine[];
  /** Null when no line could be read, so nothing was sent to be priced. */
  preview: BulkPreview | null;
  stale: boolean;
}) {
  const lines = preview ? checkedLines(read, preview) : unread(read);
  const bad = lines.filter((line) => !line.ok).length;
  return (
    <section className="card bulk-preview" aria-labelledby="bulk-preview-title">
      <h2 id="bulk-preview-title">Checked list</h2>
      {stale && <p className="bulk-stale">The list has changed since this check: check it again to buy.</p>}
      <table className="bulk-table">
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Number</th>
            <th scope="col">What it buys</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.line} className={line.ok ? undefined : "bulk-row-bad"}>
              <td data-label="Line">{line.line}</td>
              <td data-label="Number">{line.phone || "(none)"}</td>
              {line.ok ? (
                <>
                  <td data-label="What it buys">{line.description}</td>
                  <td data-label="Price">{line.price === undefined ? "" : formatNaira(line.price)}</td>
                </>
              ) : (
                <td colSpan={2} className="bulk-row-error" data-label="Problem">
                  {line.msg}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {preview && (
        <dl className="summary">
          <div>
            <dt>Numbers</dt>
            <dd>{lines.length}</dd>
          </div>
          {bad > 0 && (
            <div>
              <dt>To fix</dt>
              <dd>{bad === 1 ? "1 line" : `${bad} lines`}</dd>
            </div>
          )}
          <div className="summary-total">
            <dt>Total</dt>
            <dd>{formatNaira(preview.total)}</dd>
          </div>
          <div>
            <dt>Your wallet</dt>
            <dd>{formatNaira(preview.balance)}</dd>
          </div>
        </dl>
      )}
      {preview && !preview.covered && (
        <p className="bulk-short">
          Your wallet does not hold the total. <Link href="/fund-account">Fund your wallet</Link>, then check
          again.
        </p>
      )}
    </section>
  );
}
