/**
 * Rows as a plain-text table under its titles: the first `leftAligned` columns (names) padded on the
 * right, the rest (figures) on the left, two spaces apart, with a rule under the titles.
 */
export function textTable(
  titles: readonly string[],
  rows: readonly (readonly string[])[],
  leftAligned = 2,
): string {
  const widths = titles.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i < leftAligned ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join("  ");
  return [line(titles), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}
