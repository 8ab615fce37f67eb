import type { Page } from "playwright-core";

/**
 * How many places on screen show `text` now: the innermost visible elements whose text holds it (a
 * toast, a field's message, a dialog's line, a banner), each counted once however deeply it nests.
 */
export function visibleCopies(page: Page, text: string): Promise<number> {
  return page.evaluate((wanted) => {
    const norm = (s: string | null) => (s ?? "").replace(/\s+/g, " ");
    const holds = (element: Element) => norm(element.textContent).includes(wanted);
    return [...document.body.querySelectorAll("*")].filter(
      (element) =>
        holds(element) &&
        ![...element.children].some(holds) &&
        element.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
    ).length;
  }, text);
}

/**
 * Waits until `text` shows, then until nothing more can arrive (the network quiet, so a lazily loaded
 * toast library is in, and a moment for a toast raised after its call's handlers), and answers how
 * many places show it. A test expects 1: one message, one place.
 */
export async function copiesOnceSettled(page: Page, text: string): Promise<number> {
  await page.waitForFunction(
    (wanted) => document.body.textContent?.replace(/\s+/g, " ").includes(wanted),
    text,
  );
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(750);
  return visibleCopies(page, text);
}

/** Toasts on screen now, by their text: all of them, or only the refusals (red ones). */
export async function toastTexts(page: Page, kind: "all" | "error" = "all"): Promise<string[]> {
  const selector = kind === "all" ? ".Toastify__toast" : ".Toastify__toast--error";
  return (await page.locator(selector).allTextContents()).map((t) => t.trim());
}
