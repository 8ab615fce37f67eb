import lighthouse, { type RunnerResult } from "lighthouse";
import type { Browser } from "puppeteer-core";

/** A Lighthouse report (its "LHR"). */
export type Report = RunnerResult["lhr"];

/** What the page's localStorage holds before Lighthouse loads it (a signed-in session). */
export type StorageEntries = Record<string, string>;

export const categories = ["performance", "accessibility", "best-practices", "seo"];

/**
 * One Lighthouse navigation of `url` with its default config (a mid-range phone, simulated slow 4G
 * and 4× CPU slowdown), in a tab of a browser context of its own: a first visit, with no cache,
 * cookies or localStorage left by an earlier run (Lighthouse's own reset leaves localStorage alone,
 * so a signed-in run would otherwise turn the login page into a redirect to the dashboard).
 *
 * With `storage`, the tab first opens a same-origin page that loads none of the app (the API's
 * status), writes the entries into localStorage, and clears the HTTP cache as Lighthouse would; then
 * Lighthouse loads `url` with `disableStorageReset`, so the page starts signed in but downloads
 * everything, as on a first visit. Answers the report and the artifacts (trace, DevTools log) it was computed from.
 */
export async function audit(
  browser: Browser,
  url: string,
  storage?: StorageEntries,
): Promise<{ lhr: Report; artifacts: RunnerResult["artifacts"] }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    if (storage) {
      await page.goto(new URL("/api/status/", url).href);
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, storage);
      const cdp = await page.createCDPSession();
      await cdp.send("Network.clearBrowserCache");
      await cdp.detach();
    }
    const answer = await lighthouse(
      url,
      { onlyCategories: categories, logLevel: "error", disableStorageReset: storage !== undefined },
      undefined,
      page,
    );
    if (!answer) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr, artifacts } = answer;
    if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.message}`);
    return { lhr, artifacts };
  } finally {
    await context.close();
  }
}
