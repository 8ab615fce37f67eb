/** An ILIKE pattern matching `text` anywhere, with `%`, `_` and `\` in it taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
