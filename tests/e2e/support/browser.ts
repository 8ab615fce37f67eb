import { existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sparticuz from "@sparticuz/chromium";
import { type Browser, chromium } from "playwright-core";
import project from "../../../package.json" with { type: "json" };

/** Pinned exactly in package.json: its Chromium is what the browser tests were seen to pass on. */
const sparticuzVersion = project.devDependencies["@sparticuz/chromium"];

/**
 * The headless Chromium that @sparticuz/chromium ships inside its npm package, unpacked once per
 * machine. The package unpacks into os.tmpdir() and takes any file already named `chromium` there as
 * done, so a run stopped mid-unpack, or two runs at once, would leave a broken browser behind: it
 * unpacks into a directory of its own here, which takes its final name only once complete.
 */
async function npmChromium(): Promise<string> {
  // By version, so a machine that unpacked another version never takes that one for this one.
  const home = join(tmpdir(), `ojapay-chromium-${sparticuzVersion}`);
  const executable = join(home, "chromium");
  if (existsSync(executable)) return executable;
  const staging = mkdtempSync(join(tmpdir(), "ojapay-chromium-unpacking-"));
  const outerTmp = process.env.TMPDIR;
  process.env.TMPDIR = staging;
  try {
    await sparticuz.executablePath();
  } finally {
    if (outerTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outerTmp;
  }
  try {
    renameSync(staging, home);
  } catch {
    // Another run finished unpacking first; its copy is as good as ours.
    rmSync(staging, { recursive: true, force: true });
  }
  return executable;
}

/** CHROMIUM_PATH when it is set, and otherwise the Chromium from npm: never one found by chance. */
export async function chromiumExecutable(): Promise<string> {
  const chosen = process.env.CHROMIUM_PATH;
  if (!chosen) return npmChromium();
  if (!existsSync(chosen)) throw new Error(`CHROMIUM_PATH is ${chosen}, and there is no such file`);
  return chosen;
}

/**
 * The flags keep Chromium off the network it cannot reach here (it would try Google's hosts at every
 * start). Of @sparticuz/chromium's own flags, which are for AWS Lambda, only the quiet ones are taken:
 * not --single-process or --no-zygote (Lambda's lack of processes), not --disable-web-security or
 * --allow-running-insecure-content (the tests would then not see what a real browser refuses), not
 * its --headless='shell' (Playwright says headless itself) and not its software WebGL (no page here
 * draws with it). bench/lighthouse launches Chromium with the same flags.
 */
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-domain-reliability",
  "--no-pings",
  "--no-default-browser-check",
];

/** Headless Chromium for the browser tests. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumExecutable(), args: chromiumFlags });
}

/** A phone-sized page: the cheap phones this product is for. */
export const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } as const;
