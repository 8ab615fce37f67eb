/**
 * Whether two drafts ask for the same thing: equal plain values, key order aside. A draft is what a
 * form validated (numbers already in kobo, text already trimmed), so "2,500" and "2500.00" typed by a
 * person arrive here as the same 250000.
 */
export function sameDraft(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aValues = definedValues(a);
  const bValues = definedValues(b);
  if (aValues.size !== bValues.size) return false;
  return [...aValues].every(([key, value]) => sameDraft(value, bValues.get(key)));
}

/** An object's (or array's) own values by key, leaving out the undefined ones. */
function definedValues(value: object): Map<string, unknown> {
  const entries: Array<[string, unknown]> = Object.entries(value);
  return new Map(entries.filter(([, item]) => item !== undefined));
}
