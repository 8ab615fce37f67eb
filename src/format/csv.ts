/**
 * CSV as RFC 4180 writes it, for files the browser makes (the console's revenue, a bulk batch's
 * results, printed cards): a field is quoted when it holds a comma, a quote, a line end or leading or
 * trailing space, its quotes doubled; lines end in CRLF, the last one too.
 */
export type CsvField = string | number | null | undefined;

const needsQuotes = /[",\r\n]|^\s|\s$/;

function csvField(value: CsvField): string {
  const text = value == null ? "" : String(value);
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

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
