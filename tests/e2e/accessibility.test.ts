import { readFileSync } from "node:fs";
import type { AxeResults } from "axe-core";
import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPages, mayOpen } from "../../src/pages/admin/adminNav";
import { customerPages } from "../../src/pages/customer/customerNav";
import { infoPaths } from "../../src/pages/public/infoPaths";
import { type BrowserTest, startBrowserTest, testAdmin } from "./support/browserTest";
import { fundThroughCheckout, newCustomer } from "./support/customerFlows";
import { consoleSignIn } from "./support/secondFactor";
import { sendStaffInvitation } from "./support/staffInvitation";

// axe-core on every page of the built app, signed out, as a customer, as staff and as an admin, on a
// cheap phone's width and a laptop's. WCAG 2.0 and 2.1, A and AA; a serious or critical finding fails.

const admin = testAdmin;
const colleague = { first: "Tunde", last: "Bello", email: "tunde@ojapay.test", password: "tunde password 2" };
const customer = { first: "Ngozi", last: "Eze", email: "ngozi@example.com", password: "ngozi password 3" };

const widths = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];
const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const axeScript = "node_modules/axe-core/axe.min.js";
const nowhere = "/no-such-page";

/** The paths a router declares as `<Route path="/x">`, for the pages no table lists (its index redirects). */
function routerPaths(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1] as string).filter((p) => p !== "/");
}

const publicPaths = [
  "/",
  ...infoPaths,
  "/developers",
  ...routerPaths("src/pages/auth/AuthArea.tsx").map((p) => `/auth${p}`),
  "/admin/login",
  nowhere,
];
const customerPaths = [
  ...new Set([...customerPages.map((p) => p.path), ...routerPaths("src/pages/customer/CustomerArea.tsx")]),
  nowhere,
].map((p) => `/app${p}`);
const consolePaths = (role: "staff" | "admin") => [
  ...adminPages.filter((page) => mayOpen(page, role)).map((page) => `/admin${page.path}`),
  `/admin${nowhere}`,
];

let test: BrowserTest;
/** A real path for each route with a parameter, found from the data the tests made. */
const examples = new Map<string, string>();
let adminPage: Page;

/** Waits until the page has had no request in flight for a moment (Playwright's networkidle waits 500 ms). */
const quietAfter = new WeakMap<Page, () => Promise<void>>();

/**
 * Requests are tracked by themselves rather than counted: a new document forgets the old one's, whose
 * end Chromium does not always report (a count left above zero once waited for ever in CI), and a wait
 * that does not end says what it waited for.
 */
function trackRequests(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const changed = () => {
    lastChange = Date.now();
  };
  page.on("request", (request) => {
    // A new document for the page: whatever the old one was waiting for is abandoned with it.
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) inFlight.clear();
    inFlight.add(request);
    changed();
  });
  const ended = (request: Request) => {
    inFlight.delete(request);
    changed();
  };
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  // An answer whose body nobody reads (an early request the app did not take) never "finishes": what
  // axe audits is drawn from answers, so one counts as done once its answer has come.
  page.on("response", (response) => ended(response.request()));
  quietAfter.set(page, async () => {
    const deadline = Date.now() + 20_000;
    while (inFlight.size > 0 || Date.now() - lastChange < 150) {
      if (Date.now() > deadline) {
        const urls = [...inFlight].map((r) => r.url()).join(", ");
        throw new Error(`${page.url()} never went quiet; still waiting for ${urls || "a quiet moment"}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  });
}

/** One context per role, so its sign-in lasts for every page; CSP bypassed only to inject axe. */
async function newPage(): Promise<Page> {
  const page = await test.newPage({ viewport: widths[0] });
  trackRequests(page);
  return page;
}

/** An API answer's data, asked from inside the page with its own session. */
async function apiData<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const answer = await fetch(url, {
      headers: { authorization: `Bearer ${localStorage.getItem("token")}` },
    });
    return (await answer.json()).data;
  }, `/api${path}`);
}

function concrete(path: string): string {
  if (!path.includes(":")) return path;
  const example = examples.get(path);
  if (!example) throw new Error(`${path} has a parameter: give the accessibility test an example of it`);
  return example;
}

type Finding = string;

/** page.evaluate has no timeout of its own: one that never ends fails naming what it was doing. */
async function withinSeconds<T>(seconds: number, doing: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${doing} took over ${seconds} s`)), seconds * 1000);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Serious and critical violations on the page as it is now, one line per rule. */
async function violations(page: Page, label: string): Promise<Finding[]> {
  const results: AxeResults = await withinSeconds(
    60,
    `axe on ${label}`,
    page.evaluate(
      (tags) =>
        (window as unknown as { axe: typeof import("axe-core") }).axe.run(document, {
          runOnly: { type: "tag", values: tags },
          resultTypes: ["violations"],
        }),
      wcagTags,
    ),
  );
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${label}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * Opens each path at each width, as the app's own links do (history.pushState, which wouter follows),
 * so axe is injected once and the session is restored once; audits each once it has settled.
 */
async function audit(page: Page, paths: readonly string[], signedIn: boolean): Promise<Finding[]> {
  const findings: Finding[] = [];
  await page.goto(`${test.app.base}${concrete(paths[0] as string)}`);
  await page.addScriptTag({ path: axeScript });
  for (const size of widths) {
    await page.setViewportSize(size);
    for (const pattern of paths) {
      const path = concrete(pattern);
      await page.evaluate((to) => history.pushState(null, "", to), path);
      await quietAfter.get(page)?.();
      await page.locator("h1").first().waitFor();
      await page.waitForFunction(
        () => !document.querySelector('[aria-busy="true"], .loading-overlay, .logo-spinner'),
      );
      // Still signed in, and not sent elsewhere: the page audited is the page named.
      if (signedIn) expect(new URL(page.url()).pathname).toBe(path);
      findings.push(...(await violations(page, `${path} at ${size.width}px`)));
    }
  }
  return findings;
}

/** The admin invites a staff member, who chooses a password from the email's link. */
async function inviteStaff() {
  await sendStaffInvitation(adminPage, test.app.base, colleague);
  await expect.poll(() => test.mail.count(colleague.email)).toBe(1);
  const link = await test.mail.nextLink(colleague.email, 0);
  const page = await newPage();
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill(colleague.password);
  await page.getByRole("button", { name: "Set password" }).click();
  await page.waitForURL(/\/admin\/login$/);
  await consoleSignIn(page, test.app.base, colleague);
  return page;
}

beforeAll(async () => {
  test = await startBrowserTest({ SIMULATOR_LATENCY_MS: "100" }, { bypassCSP: true });
});

afterAll(() => test?.stop());

describe("every page passes axe's WCAG 2.1 AA rules at 360px and 1280px", () => {
  it("the public pages", async () => {
    const page = await newPage();
    expect(await audit(page, publicPaths, false)).toEqual([]);
  });

  it("the dashboard's app shell, as its HTML draws it before any script has run", async () => {
    const page = await newPage();
    // Its scripts never arrive: what is audited is the prerendered frame and loading state alone.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto(`${test.app.base}/app/dashboard`);
    await page.addScriptTag({ path: axeScript });
    const findings: Finding[] = [];
    for (const size of widths) {
      await page.setViewportSize(size);
      await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
      findings.push(...(await violations(page, `/app/dashboard's shell at ${size.width}px`)));
    }
    expect(findings).toEqual([]);
  });

  it("the customer's pages, with a funding on the books for a receipt", async () => {
    const page = await newPage();
    await newCustomer(page, test.app.base, test.mail, customer);
    await fundThroughCheckout(page, test.app.base, "₦5,000");
    await page.getByText("₦5,000.00 has been added to your wallet.").waitFor();
    const history = await apiData<{ results: { reference: string }[] }>(page, "/core/customer/transactions/");
    // A batch this customer does not have: the page says so in its frame (tests/e2e/bulk.test.ts audits a real one).
    examples.set("/app/bulk/:id", "/app/bulk/00000000-0000-4000-8000-000000000000");
    examples.set(
      "/app/transaction-history/:reference",
      `/app/transaction-history/${history.results[0]?.reference}`,
    );
    // A funding has no cards: the print page says so, which is what is audited here (the cards
    // themselves are in rechargeCards.test.ts, with axe at both widths).
    examples.set(
      "/app/recharge-pins/:reference/print",
      `/app/recharge-pins/${history.results[0]?.reference}/print`,
    );
    expect(await audit(page, customerPaths, true)).toEqual([]);
  }, 240_000);

  it("the admin's pages", async () => {
    adminPage = await newPage();
    await consoleSignIn(adminPage, test.app.base, admin);
    const users = await apiData<{ results: { id: string }[] }>(
      adminPage,
      `/sys.admin/users/?search=${encodeURIComponent(customer.email)}`,
    );
    const transactions = await apiData<{ results: { id: string }[] }>(adminPage, "/sys.admin/transactions/");
    const providers = await apiData<{ id: string }[]>(adminPage, "/core/staff/fetch/tv/controls/");
    examples.set("/admin/manage-users/:id", `/admin/manage-users/${users.results[0]?.id}`);
    examples.set("/admin/transactions/:id", `/admin/transactions/${transactions.results[0]?.id}`);
    examples.set("/admin/manage-tv/:id", `/admin/manage-tv/${providers[0]?.id}`);
    expect(await audit(adminPage, consolePaths("admin"), true)).toEqual([]);
  }, 300_000);

  it("the staff's pages", async () => {
    const page = await inviteStaff();
    expect(await audit(page, consolePaths("staff"), true)).toEqual([]);
  }, 240_000);
});
