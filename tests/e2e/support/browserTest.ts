import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startAppProcess } from "./appProcess";
import { launchBrowser, phone } from "./browser";
import { startMailCatcher } from "./mailCatcher";

/** The first admin each browser test's app is started with. */
export const testAdmin = { email: "admin@ojapay.test", password: "admin password 1" };

/** A laptop's window; the phone's is `phone` in ./browser. */
export const laptop = { viewport: { width: 1280, height: 800 } } as const;

type SavedSession = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** Where browser tests' set-ups differ; the defaults are what most of them want. */
export interface BrowserTestOptions {
  /** Whether the app starts with `testAdmin` as its first admin. */
  firstAdmin?: boolean;
  /** How long a page's actions and waits may take. */
  pageTimeout?: number;
  /** CSP bypassed only so axe can be injected; the app's own scripts are the same either way. */
  bypassCSP?: boolean;
  /** The app and the browser started at once, for files that time nothing of the start. */
  inParallel?: boolean;
}

export type BrowserTest = Awaited<ReturnType<typeof startBrowserTest>>;

/**
 * What a browser test starts: the product in its own process with a mail server it reads codes from
 * and (unless `firstAdmin` is false) the first admin, and the browser. `env` adds or overrides the
 * app's settings.
 */
export async function startBrowserTest(
  env: Record<string, string> = {},
  { firstAdmin = true, pageTimeout = 20_000, bypassCSP = false, inParallel = false }: BrowserTestOptions = {},
) {
  const mail = await startMailCatcher();
  const startApp = () =>
    startAppProcess({
      SMTP_URL: mail.url,
      ...(firstAdmin && { ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password }),
      ...env,
    });
  let app: Awaited<ReturnType<typeof startAppProcess>>;
  let browser: Browser;
  if (inParallel) [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  else {
    app = await startApp();
    browser = await launchBrowser();
  }
  const contexts: BrowserContext[] = [];
  return {
    mail,
    app,
    browser,
    /** A page in a context of its own, with `options` (a window size) and perhaps a saved session. */
    async newPage(options: object = phone, storageState?: SavedSession): Promise<Page> {
      const context = await browser.newContext({
        ...options,
        ...(bypassCSP && { bypassCSP }),
        ...(storageState && { storageState }),
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(pageTimeout);
      return page;
    },
    async stop() {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close();
      await app.stop();
      await mail.close();
    },
  };
}

/** Waits for a signed-in page to settle: its h1 drawn, nothing loading, fonts in, at its top. */
export async function settle(page: Page) {
  await page.locator("main h1").first().waitFor();
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"], .loading-overlay, .logo-spinner, .part-loading') &&
      document.fonts.status === "loaded",
  );
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Opens `path` of the app at `base` and waits for it to settle. */
export async function openSettled(page: Page, base: string, path: string) {
  await page.goto(`${base}${path}`);
  await settle(page);
}

/** The window as `<name>-<width>.png` in SCREENSHOTS_DIR, when it is set (`npm run screenshots`). */
export async function screenshotWindow(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: join(dir, `${name}-${width}.png`), animations: "disabled" });
}
