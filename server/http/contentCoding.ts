type Coding = "br" | "gzip" | null;

/** Browsers send a handful of Accept-Encoding lines, the same on every request: each is read once. */
const known = new Map<string, Coding>();

/** br when the client takes it, then gzip, else none; a coding listed with q=0 is refused. */
export function chooseEncoding(acceptEncoding: string | undefined): Coding {
  const header = acceptEncoding ?? "";
  const seen = known.get(header);
  if (seen !== undefined) return seen;
  const coding = readEncoding(header);
  if (known.size < 256) known.set(header, coding);
  return coding;
}

function readEncoding(acceptEncoding: string): Coding {
  const accepted = new Set(
    acceptEncoding
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, q]) => !q || !/^\s*q=0(?:\.0*)?\s*$/.test(q))
      .map(([coding]) => coding?.trim().toLowerCase()),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}
