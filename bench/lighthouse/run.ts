/**
 * Lighthouse (its default mobile config: a mid-range phone on simulated slow 4G with a 4× slower CPU)
 * on the React floor, `/`, `/auth/login` and a signed-in customer's `/app/dashboard`, each measured
 * `--runs` times (3 by default) in turns; prints each page's median run against the floor's, checks
 * issue 11's targets and writes everything to bench/results/lighthouse-<date>.json.
 *
 *   npm run bench:lighthouse                 build, measure, report (exit 0 whatever the figures)
 *   npm run bench:lighthouse -- --check      exit 1 when a target fails
 *   npm run bench:lighthouse -- --no-build   measure the dist/ already built
 *   npm run bench:lighthouse -- --runs 5
 *   npm run bench:lighthouse -- --pages /app/dashboard             only these of the targets (and the floor)
 *   npm run bench:lighthouse -- --save-reports .tmp/lighthouse     also each run's whole report and artifacts
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { saveArtifacts } from "lighthouse/core/lib/asset-saver.js";
import { build } from "vite";
import { startChildServer } from "../../tests/support/childServer";
import { buildFloor } from "../floor/buildFloor";
import { startApp } from "./appServer";
import { audit, categories, type StorageEntries } from "./audit";
import { launchChromium } from "./browser";
import { signedInCustomer } from "./customer";
import { commit, machine } from "./machine";
import { type Figures, figuresOf, medianRun } from "./metrics";
import { checksTable, figuresTable } from "./table";
import { checkTargets, maxLcpOverFloor, targets } from "./targets";

const { values: args } = parseArgs({
  options: {
    "no-build": { type: "boolean", default: false },
    check: { type: "boolean", default: false },
    runs: { type: "string", default: "3" },
    pages: { type: "string" },
    "save-reports": { type: "string" },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a whole number above 0, not ${args.runs}`);

const chosen = args.pages?.split(",").map((page) => page.trim());
const unknown = chosen?.filter((page) => !targets.some((t) => t.page === page)) ?? [];
if (unknown.length > 0)
  throw new Error(`--pages takes ${targets.map((t) => t.page).join(", ")}; not ${unknown.join(", ")}`);
const reportsDir = args["save-reports"];
if (reportsDir) mkdirSync(reportsDir, { recursive: true });

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const load = () => loadavg().map((n) => Math.round(n * 100) / 100);
const loadAtStart = load();

if (args["no-build"]) {
  if (!existsSync("dist/index.html"))
    throw new Error("--no-build, but dist/ has no build: run `npm run build`");
  console.log("Measuring the app already built in dist/ (--no-build).");
} else {
  console.log("Building the app into dist/ (vite build; --no-build measures the build already there)…");
  await build({ logLevel: "warn" });
}
const floorDir = mkdtempSync(join(tmpdir(), "ojapay-floor-"));
// However the run ends (a server or the browser failing to start included), the floor's build goes.
process.once("exit", () => rmSync(floorDir, { recursive: true, force: true }));
const { jsKb: floorJsKb } = await buildFloor(floorDir);
console.log(`Built the React floor (${floorJsKb.toFixed(1)} kB of JS, gzip -9).`);

const floor = await startChildServer("bench/lighthouse/floorServer.ts", { STATIC_DIR: floorDir }, "/");
const app = await startApp().catch(async (error) => {
  await floor.stop();
  throw error;
});
const browser = await launchChromium().catch(async (error) => {
  await Promise.all([floor.stop(), app.stop()]);
  throw error;
});

const pages: Array<{ name: string; url: string; storage?: StorageEntries }> = [];
const results: Record<string, Figures[]> = {};
let chromium = "unknown";
try {
  chromium = await browser.version();
  console.log(
    `App at ${app.base} (production, simulators on, fresh data), floor at ${floor.base}; ${chromium}.`,
  );
  const storage = await signedInCustomer(app.base, app.mail);
  console.log(`Signed in a new customer for the dashboard (${elapsed()}). Measuring, ${runs} turn(s):`);
  pages.push(
    { name: "React floor", url: `${floor.base}/` },
    ...targets
      .filter(({ page }) => !chosen || chosen.includes(page))
      .map(({ page }) => ({
        name: page,
        url: `${app.base}${page}`,
        ...(page === "/app/dashboard" && { storage }),
      })),
  );
  // In turns (floor, /, login, dashboard, then again), so a busy spell on the machine falls on every page.
  for (let run = 1; run <= runs; run++) {
    for (const page of pages) {
      const { lhr: report, artifacts } = await audit(browser, page.url, page.storage);
      if (reportsDir) {
        // The whole report, and the artifacts it was computed from (the trace, the DevTools log: what
        // Lighthouse's simulation works on), as `lighthouse -G` saves them.
        const name = join(
          reportsDir,
          `${page.name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "landing"}-run${run}`,
        );
        writeFileSync(`${name}.lhr.json`, JSON.stringify(report));
        await saveArtifacts(artifacts, `${name}.artifacts`);
      }
      const shown = new URL(report.finalDisplayedUrl).pathname;
      if (shown !== new URL(page.url).pathname)
        throw new Error(`${page.name} ended on ${shown}: the page redirected (signed out?)`);
      const figures = figuresOf(report);
      const pageRuns = results[page.name] ?? [];
      pageRuns.push(figures);
      results[page.name] = pageRuns;
      console.log(
        `  run ${run}/${runs} ${page.name.padEnd(14)} ${String(figures.performance).padStart(3)}  LCP ${(figures.lcpMs / 1000).toFixed(2)} s  (${elapsed()})`,
      );
    }
  }
} finally {
  await browser.close();
  await Promise.all([floor.stop(), app.stop()]);
}

const medians = Object.fromEntries(pages.map((p) => [p.name, medianRun(results[p.name] ?? [])]));
const floorFigures = medians["React floor"] as Figures;
// With --pages, only the targets of the pages measured.
const checks = checkTargets(floorFigures, medians).filter(
  (check) => !chosen || chosen.some((page) => check.target.startsWith(`${page} `)),
);
const phasesError = Object.values(results)
  .flat()
  .find((f) => f.lcpPhasesError)?.lcpPhasesError;

console.log(`\nMedian of ${runs} run(s) by performance score, Lighthouse mobile (simulated throttling):\n`);
console.log(figuresTable(floorFigures, Object.entries(medians)));
console.log(
  "\nrender delay: LCP after the document's first byte, which is Lighthouse's render delay when the LCP is text (no image was downloaded).",
);
if (phasesError) console.log(`Lighthouse's own LCP breakdown did not run: ${phasesError.split("\n")[0]}`);
console.log(`\nTargets (issue 11; LCP at most ${maxLcpOverFloor} × the floor's in this run):\n`);
console.log(checksTable(checks));

const loadAtEnd = load();
const host = machine(chromium);
console.log(
  `\n${host.cpu}, ${host.cores} cores, ${host.memoryGb} GB, Node ${host.node}, ${chromium}, Lighthouse ${host.lighthouse}; load average ${loadAtStart.join(" ")} at the start, ${loadAtEnd.join(" ")} at the end. ${elapsed()} in all.`,
);

const date = new Date().toISOString();
mkdirSync("bench/results", { recursive: true });
const file = `bench/results/lighthouse-${date.slice(0, 10)}.json`;
writeFileSync(
  file,
  `${JSON.stringify(
    {
      date,
      commit: commit(),
      machine: { ...host, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadAtEnd },
      settings: { config: "lighthouse default (mobile, simulated throttling)", categories, runs },
      floorJsKb: Math.round(floorJsKb * 10) / 10,
      medians,
      checks,
      runs: results,
    },
    null,
    2,
  )}\n`,
);
console.log(`Wrote ${file}.`);
if (args.check && checks.some((c) => !c.pass)) process.exit(1);
