/**
 * Which network a Nigerian number most likely belongs to, from its prefix. Numbers can be ported, so
 * this only picks the starting choice; the customer can change it.
 */
const prefixes: Record<number, readonly string[]> = {
  1: [
    "0703",
    "0706",
    "0803",
    "0806",
    "0810",
    "0813",
    "0814",
    "0816",
    "0903",
    "0906",
    "0913",
    "0916",
    "07025",
    "07026",
    "0704",
  ],
  2: ["0705", "0805", "0807", "0811", "0815", "0905", "0915"],
  3: ["0809", "0817", "0818", "0908", "0909"],
  4: ["0701", "0708", "0802", "0808", "0812", "0901", "0902", "0904", "0907", "0912"],
};

export function networkForPhone(phone: string): number | null {
  const local = phone.replace(/\s+/g, "").replace(/^\+?234/, "0");
  let best: { id: number; length: number } | null = null;
  for (const [id, list] of Object.entries(prefixes)) {
    for (const prefix of list) {
      if (local.startsWith(prefix) && (!best || prefix.length > best.length))
        best = { id: Number(id), length: prefix.length };
    }
  }
  return best?.id ?? null;
}
