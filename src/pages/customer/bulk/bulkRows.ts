import type { BulkAirtimeRow, BulkDataRow, BulkKind } from "../../../../schemas/bulk";
import { maxBulkRows } from "../../../../schemas/bulk";
import { parseNaira } from "../../../format/money";
import { csvRecords } from "./csvRecords";

/** What the page loaded to turn names into ids: the networks and every data plan on sale. */
export interface BulkCatalogue {
  networks: readonly { id: number; name: string }[];
  plans: readonly { id: number; name: string; network_id: number }[];
}

/** What applies to a line that gives only a number, as chosen above the list. */
export interface BulkDefaults {
  network_id: number | null;
  /** Kobo. */
  amount: number | null;
  plan_id: number | null;
}

/** One line of the list: where it is, the number as typed, and either the row to send or why not. */
export type BulkLine =
  | { line: number; phone: string; row: BulkAirtimeRow | BulkDataRow; msg?: undefined }
  | { line: number; phone: string; row?: undefined; msg: string };

export type BulkReading = { lines: BulkLine[]; tooMany?: undefined } | { lines: []; tooMany: string };

const columnNames = ["phone", "network", "amount", "plan"] as const;
type Column = (typeof columnNames)[number];

/** A number as people write it, "0803 123 4567" or "0803-123-4567", without the gaps. */
const digitsOf = (phone: string) => phone.replace(/[\s-]/g, "");

/** "MTN", "mtn", "9mobile", "9 Mobile", "Etisalat" alike. */
const nameKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");
const formerNames: Record<string, string> = { etisalat: "9mobile" };

export function networkFor(text: string, catalogue: BulkCatalogue): number | null {
  if (/^\d+$/.test(text)) {
    const id = Number(text);
    return catalogue.networks.some((network) => network.id === id) ? id : null;
  }
  const key = formerNames[nameKey(text)] ?? nameKey(text);
  return catalogue.networks.find((network) => nameKey(network.name) === key)?.id ?? null;
}

/** A plan by its id, or by its name (within the line's network when it names one). */
function planFor(text: string, networkId: number | null, catalogue: BulkCatalogue): number | string {
  if (/^\d+$/.test(text)) {
    const id = Number(text);
    return catalogue.plans.some((plan) => plan.id === id) ? id : `There is no data plan ${text} on sale.`;
  }
  const named = catalogue.plans.filter(
    (plan) => nameKey(plan.name) === nameKey(text) && (networkId === null || plan.network_id === networkId),
  );
  if (named.length === 1 && named[0]) return named[0].id;
  return named.length === 0
    ? `There is no data plan named "${text}" on sale.`
    : `More than one network sells a plan named "${text}": give the network before it, or the plan's id.`;
}

/** The columns a header row names, or null when the first line is not a header (it has a digit). */
function headerColumns(fields: readonly string[]): (Column | null)[] | null {
  if (fields.some((field) => /\d/.test(field))) return null;
  return fields.map((field) => columnNames.find((name) => nameKey(field).startsWith(name)) ?? null);
}

const defaultColumns: Record<BulkKind, Record<number, (Column | null)[]>> = {
  airtime: { 1: ["phone"], 2: ["phone", "amount"], 3: ["phone", "network", "amount"] },
  data: { 1: ["phone"], 2: ["phone", "plan"], 3: ["phone", "network", "plan"] },
};

function airtimeRow(
  values: Partial<Record<Column, string>>,
  defaults: BulkDefaults,
  catalogue: BulkCatalogue,
) {
  const network = values.network ? networkFor(values.network, catalogue) : defaults.network_id;
  if (network === null)
    return values.network
      ? `We do not know the network "${values.network}".`
      : "Give this number's network, or choose one above.";
  const amount = values.amount ? parseNaira(values.amount) : defaults.amount;
  if (amount === null)
    return values.amount
      ? `"${values.amount}" is not an amount in naira.`
      : "Give an amount, or choose one above.";
  return { network_id: network, amount };
}

function dataRow(values: Partial<Record<Column, string>>, defaults: BulkDefaults, catalogue: BulkCatalogue) {
  const network = values.network ? networkFor(values.network, catalogue) : null;
  if (values.network && network === null) return `We do not know the network "${values.network}".`;
  const plan = values.plan ? planFor(values.plan, network, catalogue) : defaults.plan_id;
  if (plan === null) return "Give this number's plan, or choose one above.";
  return typeof plan === "string" ? plan : { plan_id: plan };
}

/**
 * The pasted or uploaded list as rows to check: one line a number, `phone`, or `phone, network,
 * amount` (airtime, in naira) or `phone, plan` (data: a plan's name or id, `phone, network, plan`
 * to tell apart plans of one name); a header row may name the columns. What only this page can tell
 * (a network or plan it does not know, no amount) is that line's message; the rest is the server's.
 */
export function readBulkRows(
  kind: BulkKind,
  text: string,
  defaults: BulkDefaults,
  catalogue: BulkCatalogue,
): BulkReading {
  const records = csvRecords(text);
  const header = records[0] ? headerColumns(records[0].fields) : null;
  const body = header ? records.slice(1) : records;
  if (body.length > maxBulkRows)
    return {
      lines: [],
      tooMany: `At most ${maxBulkRows} numbers in one batch: this list has ${body.length}.`,
    };
  const lines = body.map(({ line, fields }): BulkLine => {
    const columns = header ?? defaultColumns[kind][fields.length];
    if (!columns)
      return { line, phone: digitsOf(fields[0] ?? ""), msg: "This line has more values than it can use." };
    const values: Partial<Record<Column, string>> = {};
    columns.forEach((column, index) => {
      const value = fields[index];
      if (column && value) values[column] = column === "phone" ? digitsOf(value) : value;
    });
    const number = values.phone ?? "";
    const found =
      kind === "airtime" ? airtimeRow(values, defaults, catalogue) : dataRow(values, defaults, catalogue);
    return typeof found === "string"
      ? { line, phone: number, msg: found }
      : { line, phone: number, row: { phone: number, ...found } as BulkAirtimeRow | BulkDataRow };
  });
  return { lines };
}
