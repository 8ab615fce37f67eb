import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phone } from "./support/browser";
import { laptop, openSettled, startBrowserTest, testAdmin } from "./support/browserTest";
import { coveredPoints, cutOptions } from "./support/onScreen";
import { consoleSignIn } from "./support/secondFactor";

// The console's screens in a real browser at a cheap phone's 360×740 and a laptop's 1280×800, with
// the "Simulated payments…" bar above them as whenever the simulators are on: measured from boxes,
// text and what is drawn at a point, not compared with pictures.

const sizes = ["360", "1280"] as const;
type Size = (typeof sizes)[number];

let test: Awaited<ReturnType<typeof startBrowserTest>>;
const adminAt = new Map<Size, Page>();

beforeAll(async () => {
  test = await startBrowserTest();
  for (const size of sizes) {
    const page = await test.newPage(size === "360" ? phone : laptop);
    await consoleSignIn(page, test.app.base, testAdmin);
    adminAt.set(size, page);
  }
});

afterAll(() => test?.stop());

const adminPage = (size: Size) => adminAt.get(size) as Page;

/** A console page opened and settled: its h1 drawn, nothing loading, the document at its top. */
const open = (page: Page, path: string) => openSettled(page, test.app.base, path);

/** The box of an element, in the window's coordinates. */
const box = (target: Locator) =>
  target.evaluate((element) => {
    const { top, bottom, left, right } = element.getBoundingClientRect();
    return { top, bottom, left, right };
  });

const adminNav = (page: Page) => page.getByRole("navigation", { name: "Admin menu" });
const simulatedBar = (page: Page) => page.locator("[data-simulated-bar]");

describe.each(sizes)("the console's sidebar at %spx", (size) => {
  it("lets every link, the last one too, be scrolled to and tapped while the simulated bar shows", async () => {
    const page = adminPage(size);
    await open(page, "/admin/dashboard");
    const nav = adminNav(page);
    if (size === "360") {
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      // The drawer slides in: measured once it has come to rest at the window's left edge.
      const panel = nav.locator(".sidebar-panel");
      await expect
        .poll(() =>
          panel.evaluate(async (element) => {
            await Promise.all(element.getAnimations().map((animation) => animation.finished));
            return element.getBoundingClientRect().left;
          }),
        )
        .toBe(0);
    }
    const links = nav.getByRole("link");
    const last = links.last();
    expect(await last.textContent()).toBe("Recharge card transactions");
    // The list scrolled to its end as a finger or a wheel would, the page itself left at its top.
    await nav.locator("ul").evaluate((list) => {
      list.scrollTop = list.scrollHeight;
    });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const bar = await box(simulatedBar(page));
    expect(bar.bottom, "the simulated bar is on screen").toBeGreaterThan(10);

    const view = page.viewportSize() ?? { width: 0, height: 0 };
    const link = await box(last);
    expect(link.bottom).toBeLessThanOrEqual(view.height);
    expect(await coveredPoints(last)).toEqual([]);
    // Log out below it, neither covering it nor covered.
    const logOut = nav.getByRole("button", { name: "Log out" });
    expect((await box(logOut)).top).toBeGreaterThanOrEqual(link.bottom);
    expect((await box(logOut)).bottom).toBeLessThanOrEqual(view.height);
    expect(await coveredPoints(logOut)).toEqual([]);

    const centre = [(link.left + link.right) / 2, (link.top + link.bottom) / 2] as const;
    if (size === "360") await page.touchscreen.tap(...centre);
    else await page.mouse.click(...centre);
    await page.waitForURL(`${test.app.base}/admin/recharge-pin-transactions`);
    await page.getByRole("heading", { level: 1, name: "Recharge card transactions" }).waitFor();
  });
});

describe.each(sizes)("the audit log at %spx", (size) => {
  it("says it has no entries yet with no filter set, and that nothing matches only with one", async () => {
    const page = adminPage(size);
    await open(page, "/admin/audit");
    await page.getByText("No entries yet: each staff and admin change will be listed here.").waitFor();
    expect(await page.getByText(/No entries match/).count()).toBe(0);
    await open(page, "/admin/audit?actor=nobody-at-all");
    await page.getByText("No entries match these filters.").waitFor();
    expect(await page.getByText(/No entries yet/).count()).toBe(0);
  });
});

describe("the transactions list at 1280px", () => {
  it("lines the Kind and Status selects up with the date boxes, and names each total", async () => {
    const page = adminPage("1280");
    await open(page, "/admin/transactions");
    const filters = page.getByRole("form", { name: "Filter transactions" });
    const boxes = await Promise.all(
      ["Kind", "Status", "From", "To"].map((label) => box(filters.getByLabel(label, { exact: true }))),
    );
    const labels = await Promise.all(
      ["Kind", "Status", "From", "To"].map((label) =>
        box(filters.locator("label").filter({ hasText: new RegExp(`^${label}$`) })),
      ),
    );
    for (const [i, name] of ["Kind", "Status", "From", "To"].entries()) {
      expect(Math.abs((boxes[i]?.top ?? 0) - (boxes[0]?.top ?? 0)), `${name}'s box`).toBeLessThanOrEqual(1);
      expect(
        Math.abs((boxes[i]?.bottom ?? 0) - (boxes[0]?.bottom ?? 0)),
        `${name}'s box`,
      ).toBeLessThanOrEqual(1);
      expect(Math.abs((labels[i]?.top ?? 0) - (labels[0]?.top ?? 0)), `${name}'s label`).toBeLessThanOrEqual(
        1,
      );
    }
    const totals = page.locator(".admin-totals");
    expect(await totals.locator("dt").allTextContents()).toEqual([
      "Transactions",
      "Face value",
      "Charged to wallets",
    ]);
    await totals
      .getByText("a failed, refunded or reversed one gave its money back", { exact: false })
      .waitFor();
  });
});

describe.each(sizes)("Revenue at %spx", (size) => {
  it("says a period without sales in one card rather than drawing 30 all-zero days", async () => {
    const page = adminPage(size);
    await open(page, "/admin/revenue");
    await page.getByRole("region", { name: "No sales in this period" }).waitFor();
    expect(await page.locator("main table, main tr").count()).toBe(0);
    expect(await page.getByRole("img", { name: "Revenue by day" }).count()).toBe(0);
    // The whole page in a little more than a phone's screen: the form, the totals and that card.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(size === "360" ? 1200 : 900);
  });
});

describe("Providers", () => {
  it("lines the two cards up at 1280px, a switch label that wraps or not", async () => {
    const page = adminPage("1280");
    await open(page, "/admin/providers");
    const cards = page.locator(".provider-card");
    expect(await cards.count()).toBe(2);
    for (const part of ["dt", "h3", "button[type=submit]"]) {
      const tops = await cards.evaluateAll(
        (all, selector) =>
          all.map((card) => Math.round(card.querySelector(selector)?.getBoundingClientRect().top ?? -1)),
        part,
      );
      expect(tops[0], part).toBeGreaterThan(0);
      expect(tops[1], part).toBe(tops[0]);
    }
  });

  it("sets every provider's Up and Down beside its name at 360px", async () => {
    const page = adminPage("360");
    await open(page, "/admin/providers");
    const rows = page.locator(".route-provider");
    expect(await rows.count()).toBeGreaterThan(10);
    const apart = await rows.evaluateAll((all) =>
      all
        .map((row) => {
          const name = row.querySelector(".route-provider-name")?.getBoundingClientRect();
          const moves = row.querySelector(".route-moves")?.getBoundingClientRect();
          if (!name || !moves) return "missing";
          // On the same line: the buttons start above the name's end and end below its start.
          return moves.top < name.bottom && moves.bottom > name.top && moves.left >= name.right
            ? ""
            : `${row.textContent}: name ${Math.round(name.top)}–${Math.round(name.bottom)}, buttons ${Math.round(moves.top)}–${Math.round(moves.bottom)}`;
        })
        .filter(Boolean),
    );
    expect(apart).toEqual([]);
    const rights = await rows.evaluateAll((all) =>
      all.map((row) => Math.round(row.querySelector(".route-moves")?.getBoundingClientRect().right ?? 0)),
    );
    expect(new Set(rights).size).toBe(1);
  });
});

describe.each(sizes)("a network's data plans at %spx", (size) => {
  it("draws the sync's Provider select like the other fields, its names whole, and hints the Provider box", async () => {
    const page = adminPage(size);
    await open(page, "/admin/manage-databundle/1");
    const sync = page.getByRole("region", { name: "A provider's plans" });
    const select = sync.getByLabel("Provider", { exact: true });
    const field = page.getByLabel("Provider's data id for the network");
    const look = (target: Locator) =>
      target.evaluate((e) => {
        const style = getComputedStyle(e);
        return {
          fontSize: style.fontSize,
          borderRadius: style.borderRadius,
          borderColor: style.borderTopColor,
          height: Math.round(e.getBoundingClientRect().height) >= 44,
        };
      });
    expect(await look(select)).toEqual(await look(field));
    const options = await select
      .locator("option")
      .evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
    expect(options.length).toBeGreaterThan(1);
    expect(await cutOptions(select, options)).toEqual([]);
    // The box for a provider's data id says what to type in it.
    const provider = page.getByRole("region", { name: "MTN data" }).getByLabel("Provider", { exact: true });
    expect(await provider.getAttribute("aria-describedby")).toBeTruthy();
    const hint = await provider.evaluate(
      (e) => document.getElementById(e.getAttribute("aria-describedby")?.split(" ")[0] ?? "")?.textContent,
    );
    expect(hint).toMatch(/vtpass/);
  });
});

describe("who sells a product at 1280px", () => {
  it("aligns Commission's header with its figures and keeps Edit apart from Remove", async () => {
    const page = adminPage("1280");
    await open(page, "/admin/manage-airtime");
    const offers = page.getByRole("region", { name: "Who sells MTN airtime" });
    const table = offers.getByRole("table");
    const textRight = (target: Locator) =>
      target.evaluate((e) => {
        const range = document.createRange();
        range.selectNodeContents(e);
        return Math.round(range.getBoundingClientRect().right);
      });
    const header = table.getByRole("columnheader", { name: "Commission" });
    const figure = table.locator("td[data-label=Commission]").first();
    expect(Math.abs((await textRight(header)) - (await textRight(figure)))).toBeLessThanOrEqual(1);
    const edit = await box(offers.getByRole("button", { name: /^Edit .*'s offer for MTN airtime$/ }).first());
    const remove = await box(
      offers.getByRole("button", { name: /^Remove .*'s offer for MTN airtime$/ }).first(),
    );
    expect(remove.left - edit.right).toBeGreaterThanOrEqual(6);
  });
});
