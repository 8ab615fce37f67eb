import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedInStorage, signedInCustomer } from "../../bench/lighthouse/customer";
import { phone } from "./support/browser";
import { type BrowserTest, startBrowserTest } from "./support/browserTest";
import { copiesOnceSettled, toastTexts } from "./support/saidOnce";

// Opened with a saved session, the dashboard asks for its data and the session's profile check from a
// script of its own in its HTML (src/pages/customer/dashboardEarlyRequests.ts), not once its code has
// arrived and drawn; a saved session the server has ended still ends at sign-in, said once.

let test: BrowserTest;

beforeAll(async () => {
  test = await startBrowserTest({}, { firstAdmin: false, pageTimeout: 15_000, inParallel: true });
});

afterAll(() => test?.stop());

/** A page of its own whose localStorage holds the session, as the app saved it at sign-in. */
async function signedInPage(stored: SignedInStorage): Promise<Page> {
  const page = await test.newPage(phone);
  await page.goto(`${test.app.base}/api/status/`);
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, stored);
  return page;
}

/** The API paths the page asked for, in order, and when the profile check was answered. */
function watchApi(page: Page) {
  const events: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/api/")) events.push(`sent ${path}`);
  });
  page.on("response", (response) => {
    const path = new URL(response.url()).pathname;
    if (path === "/api/auth/profile/") events.push(`answered ${path}`);
  });
  return events;
}

describe("the dashboard opened with a saved session", () => {
  it("sends its requests before the profile check has answered or the page's code has arrived", async () => {
    const page = await signedInPage(await signedInCustomer(test.app.base, test.mail));
    const events = watchApi(page);
    // The profile check and the dashboard's own code are held back, so only requests that wait for
    // neither can go out.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    for (const pattern of ["**/api/auth/profile/", "**/assets/DashboardPage-*.js"])
      await page.route(pattern, async (route) => {
        await held;
        await route.continue();
      });
    await page.goto(`${test.app.base}/app/dashboard`);
    await expect
      .poll(() => events.filter((e) => e.startsWith("sent /api/core/customer/")).length)
      .toBeGreaterThanOrEqual(3);
    expect(events).not.toContain("answered /api/auth/profile/");
    // The page's HTML is the app shell, heading and all; what only the page's code draws is not there.
    expect(await page.getByRole("heading", { level: 2, name: "Wallet balance" }).count()).toBe(0);
    expect(await page.getByRole("status").filter({ hasText: "Loading…" }).count()).toBe(1);
    expect(events).toEqual(
      expect.arrayContaining([
        "sent /api/auth/profile/",
        "sent /api/core/customer/wallet/",
        "sent /api/core/customer/transactions/",
        "sent /api/core/customer/circulars/",
        "sent /api/status/",
      ]),
    );
    release();
    await page.getByRole("heading", { level: 2, name: "Wallet balance" }).waitFor();
    await page.getByText("No transactions yet.", { exact: false }).waitFor();
    // Each was asked once: the page took the requests already made instead of making its own.
    const sent = events.filter((e) => e.startsWith("sent "));
    expect(sent.length).toBe(new Set(sent).size);
    await page.context().close();
  });

  it("goes to sign-in, saying once that the session expired, when the server has ended it", async () => {
    const stored = await signedInCustomer(test.app.base, test.mail);
    const res = await fetch(`${test.app.base}/api/auth/logout/`, {
      method: "POST",
      headers: { authorization: `Bearer ${stored.token}` },
    });
    expect(res.status).toBe(200);
    const page = await signedInPage(stored);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${test.app.base}/app/dashboard`);
    await page.waitForURL(`${test.app.base}/auth/login`);
    // Said once, by the sign-in page, however many of the dashboard's requests met the ended session.
    expect(await copiesOnceSettled(page, "Your session has expired. Kindly sign-in again.")).toBe(1);
    expect(await toastTexts(page)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await expect(page.getByRole("heading", { level: 2, name: "Wallet balance" }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
