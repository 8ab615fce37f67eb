import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPages, mayOpen } from "../../src/pages/admin/adminNav";
import { customerPages } from "../../src/pages/customer/customerNav";
import { phone } from "./support/browser";
import {
  type BrowserTest,
  laptop,
  openSettled,
  settle,
  startBrowserTest,
  testAdmin,
} from "./support/browserTest";
import { fundThroughCheckout, newCustomer } from "./support/customerFlows";
import { coveredPoints, cutOptions, splitWords } from "./support/onScreen";
import { consoleSignIn } from "./support/secondFactor";

// The layout of the signed-in pages in a real browser, at a cheap phone's 360×740 and a laptop's
// 1280×800, with the "Simulated payments…" bar above the page as it is whenever the simulators are on.
// Measured from boxes and computed overflow, not compared with pictures: no value split mid-word, the
// logo and the menu button not covered, the sidebar below the top bar, every table's phone numbers,
// emails, amounts and references on one line, and no page wider than the screen.
//
// With SCREENSHOTS_DIR set (`npm run screenshots` sets it to docs/screenshots), it also saves the
// customer's dashboard, a purchase wizard, the profile, the console's dashboard and the API reference
// (/developers, signed out) at both widths.

const admin = testAdmin;
const customer = { first: "Yemi", last: "Adeyemi", email: "yemi@example.com", password: "yemi password 3" };

const sizes = ["360", "1280"] as const;
type Size = (typeof sizes)[number];

const screenshotsDir = process.env.SCREENSHOTS_DIR;

let test: BrowserTest;
/** Each person's page at each size, signed in (the second size shares the first's saved session). */
const customerAt = new Map<Size, Page>();
const adminAt = new Map<Size, Page>();

const newPage: BrowserTest["newPage"] = (options, storageState) => test.newPage(options, storageState);

/** A page opened and settled: its h1 drawn, nothing loading, fonts in, the document at its top. */
const open = (page: Page, path: string) => openSettled(page, test.app.base, path);

/**
 * The page as `<name>-<size>.png` in SCREENSHOTS_DIR, whole: drawn in a window as tall as the page,
 * so what is sized to the window (the sidebar) is drawn the height of the page too.
 */
async function screenshot(page: Page, name: string, size: Size) {
  if (!screenshotsDir) return;
  mkdirSync(screenshotsDir, { recursive: true });
  // Parts fetched after the page draws (the Set your PIN button, the bell's count) are in the picture.
  await page.waitForLoadState("networkidle");
  const view = page.viewportSize() ?? { width: 0, height: 0 };
  const height = await page.evaluate(() => {
    window.scrollTo(0, 0);
    return document.documentElement.scrollHeight;
  });
  await page.setViewportSize({ width: view.width, height: Math.max(view.height, height) });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.screenshot({ path: join(screenshotsDir, `${name}-${size}.png`), animations: "disabled" });
  await page.setViewportSize(view);
}

/** One part of the page as `<name>-<size>.png`, drawn in a window as tall as the page (the top bar clear of it). */
async function screenshotOf(page: Page, part: Locator, name: string, size: Size) {
  if (!screenshotsDir) return;
  mkdirSync(screenshotsDir, { recursive: true });
  const view = page.viewportSize() ?? { width: 0, height: 0 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: view.width, height: Math.max(view.height, height) });
  await part.screenshot({ path: join(screenshotsDir, `${name}-${size}.png`), animations: "disabled" });
  await page.setViewportSize(view);
}

/** How many lines an element's text takes. */
const linesOf = (element: Locator) =>
  element.evaluate((e) => {
    const range = document.createRange();
    range.selectNodeContents(e);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)))
      .size;
  });

/** How far the page is wider than the window: 0 when nothing makes it scroll sideways. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return Math.max(0, root.scrollWidth - window.innerWidth);
  });

/** The box of an element, in the window's coordinates. */
const box = (target: Locator) =>
  target.evaluate((element) => {
    const { top, bottom, left, right } = element.getBoundingClientRect();
    return { top, bottom, left, right };
  });

const topBar = (page: Page) => page.locator("header.topbar");
const logo = (page: Page) => topBar(page).getByText("OjaPay", { exact: true }).locator("..");
const menuButton = (page: Page) => page.getByRole("button", { name: "Menu", exact: true });
const customerNav = (page: Page) => page.getByRole("navigation", { name: "Customer menu" });
const adminNav = (page: Page) => page.getByRole("navigation", { name: "Admin menu" });

/** The logo is all there, nothing over it, and the sidebar starts below the top bar. */
async function expectFrameClear(page: Page, size: Size, nav: Locator) {
  const view = page.viewportSize() ?? { width: 0, height: 0 };
  const mark = await box(logo(page));
  expect(mark.top).toBeGreaterThanOrEqual(0);
  expect(mark.left).toBeGreaterThanOrEqual(0);
  expect(mark.right).toBeLessThanOrEqual(view.width);
  expect(mark.bottom).toBeLessThanOrEqual(view.height);
  expect(await coveredPoints(logo(page))).toEqual([]);
  if (size === "1280" || (await nav.isVisible())) {
    expect((await box(nav)).top).toBeGreaterThanOrEqual((await box(topBar(page))).bottom - 0.5);
  }
}

beforeAll(async () => {
  test = await startBrowserTest({ SIMULATOR_LATENCY_MS: "100" });

  // A customer with a funding on the books (a reference and an amount in the console's lists) and a
  // correction waiting for staff (an identity review), whose profile reads "Not verified".
  const phonePage = await newPage(phone);
  await newCustomer(phonePage, test.app.base, test.mail, { ...customer });
  await fundThroughCheckout(phonePage, test.app.base, "₦5,000");
  await phonePage.getByText("₦5,000.00 has been added to your wallet.").waitFor();
  await open(phonePage, "/app/profile");
  const section = phonePage.getByRole("region", { name: "Wallet and verification" });
  await section.getByRole("button", { name: "Verify Details" }).click();
  const verify = phonePage.getByRole("dialog", { name: "Verify your identity" });
  await verify.getByRole("radio", { name: "NIN" }).check();
  await verify.getByLabel("Date of birth").fill("1990-05-04");
  // A number the simulated registry holds under another name: the details are fixed from then on.
  await verify.getByLabel("NIN (11 digits)").fill("12345679999");
  await verify.getByRole("button", { name: "Verify" }).click();
  await section.getByRole("button", { name: "Ask for a correction" }).waitFor();
  await verify.getByRole("button", { name: "Close" }).click();
  await section.getByRole("button", { name: "Ask for a correction" }).click();
  const correction = phonePage.getByRole("dialog", { name: "Ask for a correction" });
  await correction.getByLabel("First name").fill("Oluwayemisi");
  await correction.getByLabel("Date of birth").fill("1990-05-04");
  await correction.getByRole("button", { name: "Send for review" }).click();
  await correction.waitFor({ state: "detached" });
  customerAt.set("360", phonePage);
  customerAt.set("1280", await newPage(laptop, await phonePage.context().storageState()));

  const laptopPage = await newPage(laptop);
  await consoleSignIn(laptopPage, test.app.base, admin);
  adminAt.set("1280", laptopPage);
  adminAt.set("360", await newPage(phone, await laptopPage.context().storageState()));
}, 240_000);

afterAll(() => test?.stop());

/** One API call from inside the page, with its session; its `data`. */
function apiCall(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const answer = await fetch(`/api/${path}`, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem("token")}`,
          "content-type": "application/json",
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
      return (await answer.json()).data;
    },
    { method, path, body },
  );
}

/** A reseller with two keys (one revoked) who bought with the live one, made once for both sizes. */
let apiUserMade: Promise<void> | undefined;
const reseller = {
  first: "Kunle",
  last: "Balogun",
  email: "kunle@shop.example.com",
  password: "kunle password 4",
};

async function makeApiUser() {
  const page = await newPage(phone);
  await newCustomer(page, test.app.base, test.mail, reseller);
  // Reseller level, KYC tier 2 and ₦20,000, as an admin sets them, through the console's API.
  const admin = adminAt.get("1280") as Page;
  const found = await apiCall(admin, "GET", `sys.admin/users/?search=${encodeURIComponent(reseller.email)}`);
  const id = found.results[0].id;
  await apiCall(admin, "PATCH", `sys.admin/users/${id}/`, { level: "reseller" });
  await apiCall(admin, "POST", `sys.admin/users/${id}/kyc/`, {
    tier: 2,
    reason: "Checked for the layout test",
  });
  await apiCall(admin, "POST", `staff/customer/fund/${id}/`, {
    amount: 2_000_000,
    reason: "Layout test",
    request_id: crypto.randomUUID(),
  });
  // Its keys, and two top-ups bought with the live one as its shop's script buys them.
  const old = await apiCall(page, "POST", "core/customer/api-keys/", { name: "Old bot" });
  await apiCall(page, "DELETE", `core/customer/api-keys/${old.id}/`);
  const { key } = await apiCall(page, "POST", "core/customer/api-keys/", { name: "Shop website" });
  for (const [amount, phone] of [
    [1_500, "08031234567"],
    [500, "08039876543"],
  ] as const) {
    const bought = await fetch(`${test.app.base}/reseller/api/topup/`, {
      method: "POST",
      headers: { authorization: `Token ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ network: 1, amount, mobile_number: phone }),
    });
    if (bought.status !== 201) throw new Error(`topup: ${bought.status} ${await bought.text()}`);
  }
}

describe.each(sizes)("the signed-in pages at %spx", (size) => {
  const customerPage = () => customerAt.get(size) as Page;
  const adminPage = () => adminAt.get(size) as Page;

  it("shows the profile's wallet facts with no value split mid-word", async () => {
    const page = customerPage();
    await open(page, "/app/profile");
    const facts = page.getByRole("region", { name: "Wallet and verification" }).locator("dd");
    await page.getByRole("region", { name: "Wallet and verification" }).getByText("Tier 1").waitFor();
    expect(await facts.count()).toBeGreaterThanOrEqual(7);
    expect(await splitWords(facts)).toEqual([]);
    // And with the text twice the size, as a reader may set it (WCAG 1.4.4).
    await page.evaluate(() => {
      document.documentElement.style.fontSize = "200%";
    });
    expect(await splitWords(facts), "with the text at 200%").toEqual([]);
    await page.evaluate(() => document.documentElement.style.removeProperty("font-size"));
    expect(await sidewaysOverflow(page)).toBe(0);
    await screenshot(page, "profile", size);
  });

  it("draws the profile's price levels whole, and their upgrade dialog asks for the PIN on screen", async () => {
    const page = customerPage();
    await open(page, "/app/profile");
    const levels = page.getByRole("region", { name: "Price level" });
    await levels.getByText("Your level").waitFor();
    expect(await splitWords(levels.locator("dd, .level-offer"))).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
    await levels.scrollIntoViewIfNeeded();
    await screenshotOf(page, levels, "price-level", size);
    await levels.getByRole("button", { name: "Upgrade to Agent" }).click();
    const dialog = page.getByRole("dialog", { name: "Upgrade to Agent" });
    await expect
      .poll(() =>
        dialog.getByLabel("Transaction PIN", { exact: true }).evaluate((e) => e === document.activeElement),
      )
      .toBe(true);
    const box = await dialog.boundingBox();
    const view = page.viewportSize();
    expect(box && view && box.x >= 0 && box.x + box.width <= view.width).toBe(true);
    if (screenshotsDir) await page.screenshot({ path: join(screenshotsDir, `level-upgrade-${size}.png`) });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });

  it("keeps the logo whole and the sidebar below the top bar, the simulated bar above them or not", async () => {
    const page = customerPage();
    await open(page, "/app/dashboard");
    await page.locator("[data-simulated-bar]").waitFor();
    await expectFrameClear(page, size, customerNav(page));
    await screenshot(page, "customer-dashboard", size);
    // Scrolled down, the simulated bar gone above: the sidebar still meets the top bar.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expectFrameClear(page, size, customerNav(page));

    const console = adminPage();
    await open(console, "/admin/dashboard");
    await expectFrameClear(console, size, adminNav(console));
    await screenshot(console, "console-dashboard", size);
    await console.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expectFrameClear(console, size, adminNav(console));
  });

  it("fits the electricity form: its heading, and the company select's chosen text whole", async () => {
    const page = customerPage();
    await open(page, "/app/utilities");
    const select = page.getByLabel("Electricity company");
    await select.locator("option").nth(5).waitFor({ state: "attached" });
    const options = await select
      .locator("option")
      .evaluateAll((all) =>
        all.filter((o) => !(o as HTMLOptionElement).disabled).map((o) => (o as HTMLOptionElement).value),
      );
    expect(options.length).toBeGreaterThan(5);
    expect(await cutOptions(select, options)).toEqual([]);
    // Named as the sidebar and the dashboard name it.
    expect(await page.locator("main h1").textContent()).toBe("Electricity");
    await select.selectOption(options[0] as string);
    expect(await sidewaysOverflow(page)).toBe(0);
    await screenshot(page, "wizard", size);
  });

  it("keeps phone numbers, emails, amounts and references in the console's tables on one line", async () => {
    const page = adminPage();
    const tables: Array<[string, string]> = [
      ["/admin/manage-users", "table.users-table td"],
      ["/admin/transactions", "table.transactions-table td"],
      // Its totals, and its tables when the period had sales (this one had none: one card says so).
      ["/admin/revenue", ".stat-list dt, .stat-list dd, table.figures th, table.figures td"],
      ["/admin/identity-reviews", "table.review-compare td"],
    ];
    for (const [path, cells] of tables) {
      await open(page, path);
      await page.locator(cells).first().waitFor();
      expect(await splitWords(page.locator(cells)), `${path} at ${size}px`).toEqual([]);
      expect(await sidewaysOverflow(page), `${path} at ${size}px`).toBe(0);
    }
    // The users table itself, by its tokens: the customer's phone and email each one line.
    await open(page, "/admin/manage-users");
    const row = page.locator("table.users-table tbody tr").filter({ hasText: customer.email });
    for (const text of [customer.email, "08031234567"]) expect(await linesOf(row.getByText(text))).toBe(1);
  });

  it("draws the price levels' editors whole, each level's discounts and fixed plan prices in one card", async () => {
    const page = adminPage();
    // Two fixed prices at the reseller level, the second under the plan's cost (so it stops there);
    // setting them again at the second size changes nothing. Asked from the app's own page, with its session.
    await open(page, "/admin/dashboard");
    const plans: { id: number }[] = await apiCall(page, "GET", "core/staff/fetch/data/plans/?control_id=1");
    const [first, second] = plans;
    await apiCall(page, "PUT", `sys.admin/levels/reseller/plan-prices/${first?.id}/`, { price: 10_000 });
    await apiCall(page, "PUT", `sys.admin/levels/reseller/plan-prices/${second?.id}/`, { price: 100 });
    await open(page, "/admin/price-levels");
    const reseller = page.getByRole("region", { name: "Reseller" });
    await reseller.getByRole("button", { name: "Save Reseller" }).waitFor();
    expect(await page.getByRole("region").count()).toBe(4);
    expect(await reseller.getByLabel("Airtime discount").inputValue()).toBe("0.5");
    const fixed = reseller.getByRole("table", { name: "Fixed data plan prices" });
    await fixed.getByText(/stops at cost/).waitFor();
    expect(await fixed.locator("tbody tr").count()).toBe(2);
    expect(await splitWords(fixed.locator("td"))).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
    await screenshot(page, "price-levels", size);
    // The add dialog, with a plan chosen, on screen.
    await reseller.getByRole("button", { name: "Add a fixed price at Reseller" }).click();
    const adding = page.getByRole("dialog", { name: "Add a fixed price at Reseller" });
    await adding.getByLabel("Network").selectOption("MTN");
    await adding.getByLabel("Plan").locator("option").nth(1).waitFor({ state: "attached" });
    await adding.getByLabel("Plan").selectOption({ index: 1 });
    await adding.getByLabel("Price at this level").waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await screenshotOf(page, adding, "price-levels-add", size);
    await page.keyboard.press("Escape");
    await adding.waitFor({ state: "detached" });
    // A customer's level is set on their page, by the levels' own names.
    await open(page, "/admin/manage-users");
    await page
      .locator("table.users-table tbody tr")
      .filter({ hasText: customer.email })
      .getByRole("link")
      .first()
      .click();
    const level = page.getByLabel("Price level");
    await level.locator("option", { hasText: "Reseller" }).waitFor({ state: "attached" });
    expect(await level.inputValue()).toBe("customer");
    expect(await sidewaysOverflow(page)).toBe(0);
    await level.scrollIntoViewIfNeeded();
    await screenshot(page, "user-level", size);
  });

  it("draws the API users and their keys whole, and the revoke dialog on screen", async () => {
    apiUserMade ??= makeApiUser();
    await apiUserMade;
    const page = adminPage();
    await open(page, "/admin/api-users");
    const row = page.locator("table.admin-table tbody tr").filter({ hasText: reseller.email }).first();
    await row.waitFor();
    expect(await splitWords(page.locator("table.admin-table td"))).toEqual([]);
    for (const text of [reseller.email, "2 purchases"]) expect(await linesOf(row.getByText(text))).toBe(1);
    expect(await sidewaysOverflow(page)).toBe(0);
    await screenshot(page, "api-users", size);
    await page.getByRole("button", { name: /^Revoke Shop website/ }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke “Shop website”?" });
    await dialog.getByRole("button", { name: "Cancel" }).waitFor();
    const box = await dialog.boundingBox();
    const view = page.viewportSize();
    expect(box && view && box.x >= 0 && box.x + box.width <= view.width).toBe(true);
    if (screenshotsDir) await page.screenshot({ path: join(screenshotsDir, `api-key-revoke-${size}.png`) });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });

  it("gives no page of either area a sideways scroll, nor one past its end", async () => {
    const wide: string[] = [];
    const visit = async (page: Page, paths: string[]) => {
      await open(page, paths[0] as string);
      for (const path of paths) {
        await page.evaluate((to) => history.pushState(null, "", to), path);
        await page.waitForFunction((to) => location.pathname === to, path);
        await settle(page);
        const over = await sidewaysOverflow(page);
        if (over > 0) wide.push(`${path}: ${over}px too wide`);
        // Nor anything hidden (a table for screen readers) leaving the page to scroll on past its end,
        // where the sidebar, whose column ends with the page, would scroll away.
        const past = await page.evaluate(() => {
          const root = document.scrollingElement ?? document.documentElement;
          return Math.round(
            root.scrollHeight - (document.body.getBoundingClientRect().bottom + window.scrollY),
          );
        });
        if (past > 1) wide.push(`${path}: scrolls ${past}px past its end`);
      }
    };
    await visit(customerPage(), [...customerPages.map((p) => `/app${p.path}`), "/app/profile"]);
    await visit(
      adminPage(),
      adminPages.filter((p) => p.inNav && mayOpen(p, "admin")).map((p) => `/admin${p.path}`),
    );
    expect(wide).toEqual([]);
  });
});

describe("at 1280px", () => {
  it("has the console's and the customer's Log out on screen without scrolling the sidebar, at the top of the page and at its bottom", async () => {
    for (const [page, path] of [
      [adminAt.get("1280") as Page, "/admin/dashboard"],
      [customerAt.get("1280") as Page, "/app/dashboard"],
    ] as const) {
      await open(page, path);
      const logOut = page.getByRole("button", { name: "Log out" });
      for (const where of ["top", "bottom"]) {
        if (where === "bottom") await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        const { top, bottom } = await box(logOut);
        expect(top, `${path} at its ${where}`).toBeGreaterThanOrEqual(0);
        expect(bottom, `${path} at its ${where}`).toBeLessThanOrEqual(800);
        expect(await coveredPoints(logOut), `${path} at its ${where}`).toEqual([]);
      }
    }
  });
});

describe("at 360px", () => {
  it("keeps the menu button above the open drawer, where a tap closes it", async () => {
    for (const [page, path, nav] of [
      [customerAt.get("360") as Page, "/app/dashboard", customerNav],
      [adminAt.get("360") as Page, "/admin/dashboard", adminNav],
    ] as const) {
      await open(page, path);
      const button = menuButton(page);
      await button.click();
      await nav(page).getByRole("link", { name: "Dashboard" }).waitFor();
      expect(await button.getAttribute("aria-expanded")).toBe("true");
      expect(await coveredPoints(button)).toEqual([]);
      await expectFrameClear(page, "360", nav(page));
      // A tap where the button is, as a finger would: on the button, not on the drawer's first link.
      const { left, right, top, bottom } = await box(button);
      await page.touchscreen.tap((left + right) / 2, (top + bottom) / 2);
      await expect.poll(() => button.getAttribute("aria-expanded")).toBe("false");
      await nav(page).waitFor({ state: "hidden" });
      expect(new URL(page.url()).pathname).toBe(path);

      // Escape closes it too, from the button or from inside the drawer, and focus goes back to the button.
      await button.click();
      await nav(page).getByRole("link", { name: "Dashboard" }).waitFor();
      await page.keyboard.press("Escape");
      await expect.poll(() => button.getAttribute("aria-expanded")).toBe("false");
      expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
      await button.click();
      await nav(page).getByRole("link", { name: "Dashboard" }).focus();
      await page.keyboard.press("Escape");
      await nav(page).waitFor({ state: "hidden" });
      expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
    }
  });
});

// A signed-out page, but long and full of code: its paths, JSON and curl commands must wrap in place.
describe.each(sizes)("the API reference at %spx", (size) => {
  it("fits the API reference in the screen, its paths wrapping and its code scrolling inside their own boxes", async () => {
    const page = await newPage(size === "360" ? phone : laptop);
    await open(page, "/developers");
    await page.getByRole("heading", { level: 3, name: "POST /api/v1/purchases/" }).waitFor();
    // A code block keeps its lines whole and scrolls sideways itself (issue 35); nothing else is wider.
    const wider = () =>
      page.locator("main pre, main h3, main li").evaluateAll((all) =>
        all
          .filter((e) => e.scrollWidth > e.clientWidth + 1)
          .filter((e) => !(e.tagName === "PRE" && getComputedStyle(e).overflowX === "auto"))
          .map((e) => e.textContent?.slice(0, 60)),
      );
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await wider()).toEqual([]);
    // And with the text twice the size, as a reader may set it (WCAG 1.4.4).
    await page.evaluate(() => {
      document.documentElement.style.fontSize = "200%";
    });
    expect(await sidewaysOverflow(page), "with the text at 200%").toBe(0);
    expect(await wider(), "with the text at 200%").toEqual([]);
    await page.evaluate(() => document.documentElement.style.removeProperty("font-size"));
    await screenshot(page, "developers", size);
  });
});
