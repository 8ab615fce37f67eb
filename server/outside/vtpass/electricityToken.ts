/**
 * Reads a prepaid token and its units from the shapes VTpass's discos answer with: "Token : 1234
 * 5678 9012 3456 7890" (a prefix, spaces), "Token: 12345678901234567890", a bare `mainToken`, or
 * dashes between the groups. A token is 20 digits; anything else found is kept as written rather
 * than lost, because the customer needs it to load the meter.
 */
export function readToken(candidates: ReadonlyArray<unknown>): string | undefined {
  const texts = candidates.filter(
    (c): c is string | number => typeof c === "string" || typeof c === "number",
  );
  for (const raw of texts) {
    const runs = String(raw).match(/\d[\d\s-]*\d/g) ?? [];
    for (const run of runs) {
      const digits = run.replace(/\D/g, "");
      if (digits.length === 20) return digits;
    }
  }
  for (const raw of texts) {
    const written = String(raw)
      .replace(/^\s*token\s*:?\s*/i, "")
      .trim();
    if (written) return written.slice(0, 120);
  }
  return undefined;
}

/** Units as the disco says them ("79.9 kWh", "79.9", 79.9), always with their unit. */
export function readUnits(candidates: ReadonlyArray<unknown>): string | undefined {
  for (const raw of candidates) {
    if (typeof raw !== "string" && typeof raw !== "number") continue;
    const text = String(raw).trim();
    if (!text) continue;
    return /^\d+(\.\d+)?$/.test(text) ? `${text} kWh` : text.slice(0, 40);
  }
  return undefined;
}

/**
 * A meter's key change tokens, KCT1 then KCT2, when the disco sends them with the token: as fields
 * (`KCT1`, `kct1`) or written in the token's text ("KCT1 : 1234 …"). Both or none: one alone cannot
 * upgrade a meter, and a customer told half would be stuck.
 */
export function readKcts(answer: Record<string, unknown>, text: unknown): string[] | undefined {
  const words = typeof text === "string" ? text : "";
  const one = (n: 1 | 2) => {
    const field = answer[`KCT${n}`] ?? answer[`kct${n}`];
    const written = new RegExp(`KCT${n}\\s*:?\\s*(\\d[\\d\\s-]{18,}\\d)`, "i").exec(words)?.[1];
    const digits = String(
      typeof field === "string" || typeof field === "number" ? field : (written ?? ""),
    ).replace(/\D/g, "");
    return digits.length >= 20 ? digits : undefined;
  };
  const [first, second] = [one(1), one(2)];
  return first && second ? [first, second] : undefined;
}
