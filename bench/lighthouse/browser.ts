import { type Browser, launch } from "puppeteer-core";
import { chromiumExecutable, chromiumFlags } from "../../tests/e2e/support/browser";

/**
 * The Chromium the browser tests use (from the @sparticuz/chromium npm package, or CHROMIUM_PATH),
 * with their flags, driven by puppeteer-core: the driver Lighthouse itself is written against.
 * Lighthouse sets the phone's screen and throttling on each page it measures.
 */
export async function launchChromium(): Promise<Browser> {
  return launch({
    executablePath: await chromiumExecutable(),
    headless: true,
    args: chromiumFlags,
    defaultViewport: null,
  });
}
