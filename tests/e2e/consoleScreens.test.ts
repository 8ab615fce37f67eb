import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppProcess } from "./support/appProcess";
import { launchBrowser, phone } from "./support/browser";
import { startMailCatcher } from "./support/mailCatcher";
import { consoleSignIn } from "./support/secondFactor";

// The console's screens in a real browser at a cheap phone's 360×740 and a laptop's 1280×800, with
// the "Simulated payments…" bar above them as whenever the simulators are on: measured from boxes,
// text and what is drawn at a point, not compared with pictures.

const admin = { email: "admin@ojapay.test", password: "admin password 1" };
const laptop = { viewport: { width: 1280, height: 800 } } as const;
const sizes = ["360", "1280"] as const;
type Size = (typeof sizes)[number];

let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let app: Awaited<ReturnType<typeof startAppProcess>>;
let browser: Browser;
const adminAt = new Map<Size, Page>();

beforeAll(async () => {
  mail = await startMailCatcher();
  app = await startAppProcess({
    SMTP_URL: mail.url,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
  browser = await launchBrowser();
  for (const size of sizes) {
    const page = await (await browser.newContext(size === "360" ? phone : laptop)).newPage();
    page.setDefaultTimeout(20_000);
    await consoleSignIn(page, app.base, admin);
    adminAt.set(size, page);
  }
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.close();
});

const adminPage = (size: Size) => adminAt.get(size) as Page;

/** A console page opened and settled: its h1 drawn, nothing loading, the document at its top. */
async function open(page: Page, path: string) {
  await page.goto(`${app.base}${path}`);
  await page.locator("main h1").first().waitFor();
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"], .loading-overlay, .logo-spinner, .part-loading') &&
      document.fonts.status === "loaded",
  );
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The box of an element, in the window's coordinates. */
const box = (target: Locator) =>
  target.evaluate((element) => {
    const { top, bottom, left, right } = element.getBoundingClientRect();
    return { top, bottom, left, right };
  });

/**
 * The points of a box (its centre and towards its corners) where something else is drawn on top of
 * it, or nothing at all (outside the window): an empty list when all of it can be seen and tapped.
 */
function coveredPoints(target: Locator): Promise<string[]> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const at = (x: number, y: number) => [box.left + box.width * x, box.top + box.height * y] as const;
    const points = {
      centre: at(0.5, 0.5),
      "top left": at(0.25, 0.25),
      "top right": at(0.75, 0.25),
      "bottom left": at(0.25, 0.75),
      "bottom right": at(0.75, 0.75),
    };
    const covered: string[] = [];
    for (const [name, [x, y]] of Object.entries(points)) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || !element.contains(hit))
        covered.push(
          `${name} (${Math.round(x)}, ${Math.round(y)}) shows ${hit?.outerHTML.slice(0, 80) ?? "nothing"}`,
        );
    }
    return covered;
  });
}

const adminNav = (page: Page) => page.getByRole("navigation", { name: "Admin menu" });
const simulatedBar = (page: Page) => page.locator("[data-simulated-bar]");

describe.each(sizes)("the console's sidebar at %spx", (size) => {
  it("lets every link, the last one too, be scrolled to and tapped while the simulated bar shows", async () => {
    const page = adminPage(size);
    await open(page, "/admin/dashboard");
    if (size === "360") await page.getByRole("button", { name: "Menu", exact: true }).click();
    const nav = adminNav(page);
    const links = nav.getByRole("link");
    const last = links.last();
    expect(await last.textContent()).toBe("Electricity transactions");
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
    await page.waitForURL(`${app.base}/admin/electricity-transactions`);
    await page.getByRole("heading", { level: 1, name: "Electricity transactions" }).waitFor();
  });
});
