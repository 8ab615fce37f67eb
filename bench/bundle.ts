/**
 * What each route makes a phone download before it can draw, measured from the build (gzip, as
 * served), against the budgets in bench/budgets.json; and a check that public pages carry no state
 * machines, forms, API client or admin code, and customer pages no console code. Exits non-zero when a budget or a rule is broken.
 *
 *   npx vite build && npx tsx bench/bundle.ts            check
 *   npx tsx bench/bundle.ts --measure                    print the sizes only
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

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
  /** Each route's lazily loaded modules, outermost first (an area, then its page). */
  routes: Record<string, { pages: string[]; jsKb: number; cssKb: number }>;
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
    const pageChunk = chunks.find((c) => c.facadeModuleId === page);
    if (!pageChunk) throw new Error(`no chunk is built for ${page}`);
    closure(pageChunk, files);
  }
  return [...files].map((f) => byFile.get(f) as Chunk);
}

const measureOnly = process.argv.includes("--measure");
const failures: string[] = [];
const rows: string[][] = [];
for (const [route, budget] of Object.entries(budgets.routes)) {
  const parts = routeChunks(budget.pages);
  const js = parts.reduce((sum, c) => sum + gzipKb(c.file), 0);
  const css = [...new Set(parts.flatMap((c) => c.css))].reduce((sum, f) => sum + gzipKb(f), 0);
  rows.push([route, js.toFixed(1), String(budget.jsKb), css.toFixed(1), String(budget.cssKb)]);
  if (!measureOnly && js > budget.jsKb)
    failures.push(`${route}: ${js.toFixed(1)} kB of JS is over its ${budget.jsKb} kB budget`);
  if (!measureOnly && css > budget.cssKb)
    failures.push(`${route}: ${css.toFixed(1)} kB of CSS is over its ${budget.cssKb} kB budget`);

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

const widths = [20, 10, 10, 10, 10];
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 10)).join("");
console.log(line(["route", "JS kB", "budget", "CSS kB", "budget"]));
for (const row of rows) console.log(line(row));
console.log("(gzip level 9, the route's chunks and everything they import before drawing)");
if (failures.length > 0) {
  console.error(`\nBundle check failed:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
