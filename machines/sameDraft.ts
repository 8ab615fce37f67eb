/**
 * Whether two drafts ask for the same thing: equal plain values, key order aside. A draft is what a
 * form validated (numbers already in kobo, text already trimmed), so "2,500" and "2500.00" typed by a
 * person arrive here as the same 250000.
 */
export function sameDraft(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const bKeys = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every((key) =>
    sameDraft((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
