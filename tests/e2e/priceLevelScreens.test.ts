import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { laptop, screenshotWindow, startBrowserTest, testAdmin } from "./support/browserTest";
import { consoleSignIn } from "./support/secondFactor";

// The Price levels page against the built app and a real server: where cost caps a level's discount,
// at 1280 and 360 px. With SCREENSHOTS_DIR set, the page is saved as price-levels-caps-<width>.png.

let test: Awaited<ReturnType<typeof startBrowserTest>>;
let page: Page;

beforeAll(async () => {
  test = await startBrowserTest();
  page = await test.newPage(laptop);
});

afterAll(() => test?.stop());

const screenshot = (name: string) => screenshotWindow(page, name);

/** Whether `inner` lies wholly inside `outer`, side to side. */
async function within(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  if (!a || !b) return false;
  return a.x >= b.x && a.x + a.width <= b.x + b.width + 0.5;
}

const noSidewaysScroll = () =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe("the Price levels page in a real browser", () => {
  it("says each level's discounts are given whole at the start, and where cost caps one an admin raises", async () => {
    await consoleSignIn(page, test.app.base, testAdmin);
    await page.goto(`${test.app.base}/admin/price-levels`);
    const api = page.getByRole("region", { name: "API" });
    const caps = api.locator(".level-caps");
    await api.getByRole("heading", { name: "Where cost caps the discount" }).waitFor();
    expect(await caps.textContent()).toContain("Every product on sale gets API's whole discount.");
    // The first level asks for no discount, so it says nothing about caps.
    const customer = page.getByRole("region", { name: "Customer" });
    expect(await customer.getByRole("heading", { name: "Where cost caps the discount" }).count()).toBe(0);

    await api.getByLabel("Airtime discount").fill("2.5");
    await api.getByRole("button", { name: "Save API" }).click();
    const mtn = caps.getByRole("listitem").filter({ hasText: "MTN airtime" });
    await mtn.waitFor();
    expect(await mtn.textContent()).toBe("MTN airtime: 2.5% asked, 1% given: capped at cost");
    expect(await caps.getByRole("listitem").count()).toBe(4);
    await mtn.scrollIntoViewIfNeeded();
    expect(await within(mtn, api)).toBe(true);
    expect(await noSidewaysScroll()).toBe(true);
    await screenshot("price-levels-caps");

    await page.setViewportSize({ width: 360, height: 740 });
    await mtn.scrollIntoViewIfNeeded();
    expect(await mtn.isVisible()).toBe(true);
    expect(await within(mtn, api)).toBe(true);
    expect(await noSidewaysScroll()).toBe(true);
    await screenshot("price-levels-caps");
  });
});
