/**
 * CSV as RFC 4180 writes it, for every file the app offers to download (the console's revenue, a bulk
 * batch's results, printed cards): fields with a comma, a quote, a line break or an edge space are
 * quoted (a quote doubled), an absent value is an empty field, lines end in CRLF, the last one too. A
 * text field that a spreadsheet would run as a formula (=, +, -, @ first) starts with an apostrophe
 * instead, as OWASP's CSV injection advice has it; a plain number such as "-25.50" is left as it is.
 */
export type CsvField = string | number | null | undefined;

const formulaStart = /^[=+\-@\t\r]/;
const plainNumber = /^-?\d+(\.\d+)?$/;
const needsQuotes = /[",\r\n]|^\s|\s$/;

export function csvField(value: CsvField): string {
  const text = value == null ? "" : String(value);
  const safe = formulaStart.test(text) && !plainNumber.test(text) ? `'${text}` : text;
  return needsQuotes.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A header and its rows as one file's text. */
export function csvText(header: readonly string[], rows: readonly (readonly CsvField[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}

/**
 * Kobo as plain naira for a spreadsheet: "1500.00", "-25.50", no ₦ and no thousands separators, so
 * every tool reads it as a number. Whole-number arithmetic rather than `/ 100` keeps it exact even
 * for sums past what a float holds to the kobo.
 */
export function nairaForCsv(kobo: number): string {
  const sign = kobo < 0 ? "-" : "";
  const abs = Math.abs(kobo);
  const rest = abs % 100;
  return `${sign}${(abs - rest) / 100}.${String(rest).padStart(2, "0")}`;
}
