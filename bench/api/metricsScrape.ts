import { type BenchApp, benchMetricsToken } from "./benchApp";

/** One scrape of the metrics-on app, untimed, after a run: what it cost, and that it counted the run. */
export async function scrapeMetrics(app: BenchApp) {
  const started = performance.now();
  const res = await fetch(`${app.origin}/metrics`, {
    headers: { authorization: `Bearer ${benchMetricsToken}` },
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}: ${text.slice(0, 200)}`);
  const settled = [...text.matchAll(/^ojapay_purchases_settled_total\{[^}]*\} (\d+)$/gm)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
  if (settled === 0) throw new Error("GET /metrics counted no settled purchase after a run of them");
  return { ms, bytes: Buffer.byteLength(text), settled };
}
