/**
 * What each route makes a phone download before it can draw, measured from the build (gzip, as
 * served), against the budgets in bench/budgets.json: its kB of JS and CSS, how many JS files it
 * fetches, and its JS as a multiple of the React floor (bench/floor, built here with the app's
 * settings); and a check that public pages carry no state machines, forms, API client or admin code,
 * and customer pages no console code. Exits non-zero when a budget, a ceiling or a rule is broken.
 *
 *   npx vite build && npx tsx bench/bundle.ts            check
 *   npx tsx bench/bundle.ts --measure                    print the sizes only
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { buildFloor } from "./floor/buildFloor.ts";

interface Chunk {
  file: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  css: string[];
  modules: string[];
}

interface Budgets {
  measuredOn: string;
  /** Each route's lazily loaded modules, outermost first (an area, then its page), and any its HTML runs ahead of them. */
  routes: Record<string, { pages: string[]; jsKb: number; cssKb: number }>;
  /** The most JS files any route may fetch before it draws. */
  maxJsFiles: number;
  /**
   * A route's JS as a multiple of the React floor, by kind of route: the ceiling the build must keep
   * under (the measurement plus a margin, lowered as it falls), and issue 11's target, which the
   * report shows until the ceiling reaches it.
   */
  floorMultiple: Record<"auth" | "customer", { ceiling: number; target: number }>;
  /** The sign-in pages, held to floorMultiple.auth. */
  authRoutes: string[];
  publicRoutes: string[];
  forbiddenOnPublic: string[];
  /** The customer's pages, which must not download the console's code either. */
  customerRoutes: string[];
  forbiddenOnCustomer: string[];
}

const dist = "dist";
const chunks: Chunk[] = JSON.parse(readFileSync(join(dist, ".vite/chunks.json"), "utf8"));
const budgets: Budgets = JSON.parse(readFileSync("bench/budgets.json", "utf8"));
const byFile = new Map(chunks.map((c) => [c.file, c]));
const entry = chunks.find((c) => c.isEntry);
if (!entry) throw new Error("no entry chunk in the build");

const gzipKb = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

/** A chunk and everything it imports statically: what must arrive before its code runs. */
function closure(start: Chunk, seen = new Set<string>()): Set<string> {
  if (seen.has(start.file)) return seen;
  seen.add(start.file);
  for (const file of start.imports) {
    const next = byFile.get(file);
    if (next) closure(next, seen);
  }
  return seen;
}

function routeChunks(pages: string[]): Chunk[] {
  const files = closure(entry as Chunk);
  for (const page of pages) {
    // A page is its chunk's facade, or one module of a chunk grouped by bench/chunkGroups.ts.
    const pageChunk =
      chunks.find((c) => c.facadeModuleId === page) ?? chunks.find((c) => c.modules.includes(page));
    if (!pageChunk) throw new Error(`no chunk is built for ${page}`);
    closure(pageChunk, files);
  }
  return [...files].map((f) => byFile.get(f) as Chunk);
}

/** React drawing a heading, built with the app's settings: what any React page downloads at least. */
async function floorKb(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), "ojapay-floor-"));
  try {
    return (await buildFloor(dir)).jsKb;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const measureOnly = process.argv.includes("--measure");
const floor = await floorKb();
const failures: string[] = [];
const missedTargets: string[] = [];
const rows: string[][] = [];
for (const [route, budget] of Object.entries(budgets.routes)) {
  const parts = routeChunks(budget.pages);
  const js = parts.reduce((sum, c) => sum + gzipKb(c.file), 0);
  const css = [...new Set(parts.flatMap((c) => c.css))].reduce((sum, f) => sum + gzipKb(f), 0);
  const multiple = js / floor;
  const limits = budgets.authRoutes.includes(route)
    ? budgets.floorMultiple.auth
    : budgets.customerRoutes.includes(route)
      ? budgets.floorMultiple.customer
      : undefined;
  const ceiling = limits?.ceiling;
  if (limits && multiple > limits.target)
    missedTargets.push(`${route} ${multiple.toFixed(2)}× (target ${limits.target}×)`);
  rows.push([
    route,
    js.toFixed(1),
    String(budget.jsKb),
    css.toFixed(1),
    String(budget.cssKb),
    String(parts.length),
    `${multiple.toFixed(2)}×`,
    ceiling === undefined ? "" : `${ceiling}×`,
  ]);
  if (!measureOnly && js > budget.jsKb)
    failures.push(`${route}: ${js.toFixed(1)} kB of JS is over its ${budget.jsKb} kB budget`);
  if (!measureOnly && css > budget.cssKb)
    failures.push(`${route}: ${css.toFixed(1)} kB of CSS is over its ${budget.cssKb} kB budget`);
  if (!measureOnly && parts.length > budgets.maxJsFiles)
    failures.push(`${route}: fetches ${parts.length} JS files, more than ${budgets.maxJsFiles}`);
  if (!measureOnly && ceiling !== undefined && multiple > ceiling)
    failures.push(`${route}: ${multiple.toFixed(2)} × the React floor is over its ${ceiling} × ceiling`);

  const rules = [
    ...(budgets.publicRoutes.includes(route) ? [["public", budgets.forbiddenOnPublic] as const] : []),
    ...(budgets.customerRoutes.includes(route) ? [["customer", budgets.forbiddenOnCustomer] as const] : []),
  ];
  for (const [kind, forbidden] of rules) {
    for (const chunk of parts) {
      for (const module of chunk.modules) {
        const rule = forbidden.find((prefix) => module.includes(prefix));
        if (rule) failures.push(`${route} loads ${module} (${rule} is not allowed on ${kind} pages)`);
      }
    }
  }
}

const widths = [20, 8, 8, 8, 8, 7, 9, 9];
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 10)).join("");
console.log(line(["route", "JS kB", "budget", "CSS kB", "budget", "files", "× floor", "ceiling"]));
for (const row of rows) console.log(line(row));
console.log(
  `(gzip level 9, the route's chunks and everything they import before drawing; the React floor is ${floor.toFixed(1)} kB; at most ${budgets.maxJsFiles} JS files a route)`,
);
if (missedTargets.length > 0)
  console.log(`Above issue 11's floor targets still: ${missedTargets.join(", ")}`);
if (failures.length > 0) {
  console.error(`\nBundle check failed:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
