import type { AxeResults } from "axe-core";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { phone } from "./browser";
import { laptop, screenshotWindow } from "./browserTest";

/** Injected into the page, which is why the tests that use it start with `bypassCSP`. */
const axeScript = "node_modules/axe-core/axe.min.js";

/** Serious and critical axe findings on the page as it is now (WCAG 2.0 and 2.1, A and AA). */
export async function axeFindings(page: Page, label: string): Promise<string[]> {
  // Once per document: a step is looked at more than once, and at each width, on the same page.
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: axeScript });
  const results: AxeResults = await page.evaluate(() =>
    (window as unknown as { axe: typeof import("axe-core") }).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      resultTypes: ["violations"],
    }),
  );
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${label}: ${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

export interface LookOptions {
  /**
   * What the picture shows, as the customer would scroll to it: a part of the page, or its top. Left
   * out, the window stays where the test left it.
   */
  shown?: Locator | "top";
  /**
   * Only the window as it is, for a page a test sized itself (a laptop's page, a phone's): otherwise
   * the phone's width and the laptop's in turn, back at the phone's after.
   */
  asItIs?: boolean;
}

/** How wide the document is beyond the window: above 0, the customer scrolls sideways. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function bringIntoView(page: Page, shown: LookOptions["shown"]) {
  if (shown === "top") await page.evaluate(() => window.scrollTo(0, 0));
  else if (shown) await shown.scrollIntoViewIfNeeded();
}

/**
 * Looks at a step: a picture `<prefix>-<name>-<width>.png` when SCREENSHOTS_DIR is set, nothing wider
 * than the window, axe clean. At both widths, every width's findings are gathered before failing, so
 * one run names them all.
 */
export async function lookAt(page: Page, prefix: string, name: string, options: LookOptions = {}) {
  if (options.asItIs) {
    await bringIntoView(page, options.shown);
    await screenshotWindow(page, `${prefix}-${name}`);
    expect(await overflow(page), `${name} wider than the window`).toBeLessThanOrEqual(0);
    expect(await axeFindings(page, name)).toEqual([]);
    return;
  }
  const findings: string[] = [];
  for (const size of [phone.viewport, laptop.viewport]) {
    await page.setViewportSize(size);
    await bringIntoView(page, options.shown);
    await screenshotWindow(page, `${prefix}-${name}`);
    expect(await overflow(page), `${name} at ${size.width}px wider than the window`).toBeLessThanOrEqual(0);
    findings.push(...(await axeFindings(page, `${name} at ${size.width}px`)));
  }
  await page.setViewportSize(phone.viewport);
  expect(findings).toEqual([]);
}
