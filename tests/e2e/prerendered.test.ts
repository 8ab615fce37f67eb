import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerPassword, signedInCustomer } from "../../bench/lighthouse/customer";
import { phone } from "./support/browser";
import { type BrowserTest, startBrowserTest } from "./support/browserTest";

// The landing, information and sign-in pages, and the dashboard's app shell, arrive drawn in the HTML
// (build/prerender.ts): readable with no script at all, and taken over by React (hydrated, the same
// nodes kept) when scripts run.

let test: BrowserTest;

beforeAll(async () => {
  test = await startBrowserTest({}, { firstAdmin: false, inParallel: true });
});

afterAll(() => test?.stop());

const landingHeading = "Airtime, data, TV and electricity from one wallet";

/** Every console error and warning, and every uncaught error, of the page. */
function problems(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") seen.push(message.text());
  });
  page.on("pageerror", (error) => seen.push(error.message));
  return seen;
}

/**
 * A new phone-sized tab with its problems watched; with `storage`, first written into the app's
 * localStorage from a page that loads none of the app (the API's status), as a saved session is.
 */
async function phoneTab(storage?: Record<string, string>) {
  const context = await test.browser.newContext(phone);
  const page = await context.newPage();
  const seen = problems(page);
  if (storage) {
    await page.goto(`${test.app.base}/api/status/`);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
  }
  return { context, page, seen };
}

/**
 * Opens a prerendered page and waits until React owns the very heading the HTML drew: hydrated, not
 * drawn again (which would replace the nodes, as after a mismatch).
 */
async function openHydrated(page: Page, path: string, { navigated = false } = {}) {
  if (navigated) {
    // Already on its way: the heading is the one drawn in the HTML when no script has run yet.
    await page.evaluate(() => {
      const w = window as unknown as { drawnHeading?: Element | null };
      w.drawnHeading ??= document.querySelector("h1");
    });
  } else {
    await page.addInitScript(() => {
      document.addEventListener("readystatechange", () => {
        const w = window as unknown as { drawnHeading?: Element | null };
        if (w.drawnHeading === undefined) w.drawnHeading = document.querySelector("h1");
      });
    });
    await page.goto(`${test.app.base}${path}`);
  }
  await page.waitForFunction(
    () => {
      const h1 = document.querySelector("h1");
      const w = window as unknown as { drawnHeading?: Element | null };
      return !!h1 && h1 === w.drawnHeading && Object.keys(h1).some((key) => key.startsWith("__reactFiber"));
    },
    undefined,
    { timeout: 10_000 },
  );
}

describe("prerendered pages", () => {
  it("show their text and links with JavaScript off", async () => {
    const context = await test.browser.newContext({ ...phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${test.app.base}/`);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(landingHeading);
    expect(await page.getByRole("link", { name: "Read all the FAQs" }).getAttribute("href")).toBe("/faqs");
    expect(await page.getByText("Simulated payments and deliveries").isVisible()).toBe(true);
    // Styled before any script: the page's own stylesheet came with the HTML.
    const heroPadding = await page.locator(".landing-hero").evaluate((el) => getComputedStyle(el).paddingTop);
    expect(heroPadding).not.toBe("0px");

    await page.goto(`${test.app.base}/faqs`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Frequently asked questions");
    expect(await page.title()).toBe("Frequently asked questions · OjaPay");
    expect(await page.getByRole("link", { name: "Contact support" }).first().getAttribute("href")).toBe(
      "/contact-support",
    );
    await context.close();
  });

  it("hydrate without a console error, keeping the server's nodes, and navigate client-side", async () => {
    const { context, page, seen } = await phoneTab();
    await openHydrated(page, "/");

    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await page.getByRole("link", { name: "Read all the FAQs" }).click();
    await page.getByRole("heading", { level: 1, name: "Frequently asked questions" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/faqs");
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(documents).toEqual([]);
    await expect.poll(() => page.title()).toBe("Frequently asked questions · OjaPay");
    expect(seen).toEqual([]);
    await context.close();
  });

  it("hydrate an information page opened directly, and draw an unprerendered page from nothing", async () => {
    const { context, page, seen } = await phoneTab();
    await openHydrated(page, "/about-us");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("About OjaPay");
    await page.goto(`${test.app.base}/no-such-page`);
    await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    // The one line is Chromium's own for a document answered 404, as an address with no page is.
    expect(seen).toEqual(["Failed to load resource: the server responded with a status of 404 (Not Found)"]);
    await context.close();
  });

  it("hydrate the API reference, then draw its operations from the server's document at this address", async () => {
    const { context, page, seen } = await phoneTab();
    await openHydrated(page, "/developers");
    await page.getByRole("heading", { level: 3, name: "POST /api/v1/purchases/" }).waitFor();
    // The HTML was drawn with no address; the examples carry the page's own once React has it.
    expect(await page.locator("main").textContent()).toContain(`${test.app.base}/api/v1/`);
    expect(seen).toEqual([]);
    await context.close();
  });

  it("sign-in shows its form with JavaScript off, its button disabled so nothing sends it natively", async () => {
    const context = await test.browser.newContext({ ...phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${test.app.base}/auth/login`);
    expect(await page.title()).toBe("Sign in · OjaPay");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Sign in");
    expect(await page.getByLabel("Email address").isVisible()).toBe(true);
    expect(await page.getByLabel("Password", { exact: true }).isVisible()).toBe(true);
    // Sent without its script, the form would GET this address with the password in it.
    expect(await page.getByRole("button", { name: "Sign in" }).isDisabled()).toBe(true);
    expect(await page.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe(
      "/auth/register",
    );
    await context.close();
  });

  it("sign-in's brand band on a phone keeps its height whatever is below it, so nothing moves as the page is read in", async () => {
    const context = await test.browser.newContext({ ...phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${test.app.base}/auth/login`);
    const formTop = () => page.evaluate(() => document.querySelector("main")?.getBoundingClientRect().top);
    const drawn = await formTop();
    // As while the HTML is still arriving: the form not yet there below the band.
    await page.evaluate(() => document.querySelector("form")?.remove());
    expect(await formTop()).toBe(drawn);
    await context.close();
  });

  it("sign-in hydrates without a console error and keeps what was typed before its script ran", async () => {
    const stored = await signedInCustomer(test.app.base, test.mail);
    const profile = JSON.parse(stored.userData) as { email: string };
    const { context, page, seen } = await phoneTab();
    // The scripts wait until the customer has typed into the drawn form.
    let release = () => {};
    const typed = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/assets/*.js", async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto(`${test.app.base}/auth/login`, { waitUntil: "commit" });
    await page.getByLabel("Email address").fill(profile.email);
    await page.getByLabel("Password", { exact: true }).fill(customerPassword);
    release();
    await openHydrated(page, "/auth/login", { navigated: true });
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${test.app.base}/app/dashboard`);
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    expect(seen).toEqual([]);
    await context.close();
  });

  it("sign-in sends a visitor who is already signed in on to the dashboard", async () => {
    const stored = await signedInCustomer(test.app.base, test.mail);
    const { context, page, seen } = await phoneTab(stored);
    await page.goto(`${test.app.base}/auth/login`);
    await page.waitForURL(`${test.app.base}/app/dashboard`);
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    expect(seen).toEqual([]);
    await context.close();
  });

  it("the dashboard shows the customer area's frame and its loading state with JavaScript off, nothing of anyone's", async () => {
    const context = await test.browser.newContext({ ...phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${test.app.base}/app/dashboard`);
    expect(await page.title()).toBe("Dashboard · OjaPay");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Dashboard");
    expect(await page.getByRole("status").filter({ hasText: "Loading…" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Menu" }).isVisible()).toBe(true);
    const nav = page.getByRole("navigation", { name: "Customer menu", includeHidden: true });
    expect(
      await nav.getByRole("link", { name: "Fund account", includeHidden: true }).getAttribute("href"),
    ).toBe("/app/fund-account");
    expect(await page.getByRole("link", { name: /^Your profile/ }).count()).toBe(0);
    expect(await page.getByText("Member since").count()).toBe(0);
    expect(await page.getByText("Wallet balance").count()).toBe(0);
    await context.close();
  });

  it("the dashboard's shell hydrates without a console error, keeping its nodes, and shows the customer's wallet", async () => {
    const stored = await signedInCustomer(test.app.base, test.mail);
    const { context, page, seen } = await phoneTab(stored);
    await openHydrated(page, "/app/dashboard");
    await page.getByRole("heading", { level: 2, name: "Wallet balance" }).waitFor();
    await page.getByText("No transactions yet.", { exact: false }).waitFor();
    // The very heading the HTML drew, now React's (openHydrated), and the customer's initials beside it.
    expect(
      await page.evaluate(() => (window as unknown as { drawnHeading?: Element }).drawnHeading?.isConnected),
    ).toBe(true);
    expect(await page.locator(".avatar").textContent()).toBe("AO");
    expect(seen).toEqual([]);
    await context.close();
  });

  it("the dashboard's shell sends a visitor without a session to sign-in, and a staff session out, asking nothing of the customer API", async () => {
    const { context, page, seen } = await phoneTab();
    const asked: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/api/core/customer/")) asked.push(path);
    });
    await page.goto(`${test.app.base}/app/dashboard`);
    await page.waitForURL(`${test.app.base}/auth/login`);
    await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();

    // A saved staff session (its token long ended): the customer area sends it to the console.
    await page.evaluate(() => {
      localStorage.setItem("token", "x".repeat(43));
      localStorage.setItem("isAuth", "true");
    });
    const staff = await signedInCustomer(test.app.base, test.mail);
    await page.evaluate((profile) => {
      localStorage.setItem("userData", JSON.stringify({ ...JSON.parse(profile), role: "staff" }));
    }, staff.userData);
    await page.goto(`${test.app.base}/app/dashboard`);
    await page.waitForURL((url) => !url.pathname.startsWith("/app/"));
    expect(asked).toEqual([]);
    expect(seen.filter((text) => !text.includes("401"))).toEqual([]);
    await context.close();
  });
});
