import type { Locator } from "playwright-core";

/**
 * The words of these elements' text that a line break cuts in two ("49597 / 30438", "Not verifie /
 * d"): each run of non-space characters of each text node, as a range, must lie on a single line.
 * Text drawn for screen readers only (in a box of a pixel or less, as .sr-only is) is left out. The
 * measure every browser test uses.
 */
export function splitWords(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((all) => {
    const unseen = (node: Node) => {
      for (let e = node.parentElement; e; e = e.parentElement) {
        const { width, height } = e.getBoundingClientRect();
        if (width <= 1 || height <= 1) return true;
      }
      return false;
    };
    const split: string[] = [];
    for (const element of all) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (unseen(node)) continue;
        for (const word of (node.textContent ?? "").matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)),
          );
          if (lines.size > 1) split.push(word[0]);
        }
      }
    }
    return split;
  });
}

/**
 * The points of a box (its centre and towards its corners) where something else is drawn on top of
 * it, or nothing at all (outside the window): an empty list when all of it can be seen and tapped.
 */
export function coveredPoints(target: Locator): Promise<string[]> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const at = (x: number, y: number) => [box.left + box.width * x, box.top + box.height * y] as const;
    // A quarter of the way in from each corner: inside rounded corners, which hit-testing follows.
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

/**
 * The options of a select whose text, once chosen, the select cuts: each is chosen in turn and a copy
 * beside it, with the same styles but only that option and its width left to Chromium (arrow and
 * all), says what it would need. An empty list when every option shows whole.
 */
export async function cutOptions(select: Locator, values: readonly string[]): Promise<string[]> {
  const cut: string[] = [];
  for (const value of values) {
    await select.selectOption(value);
    const fit = await select.evaluate((element: HTMLSelectElement) => {
      const text = element.selectedOptions[0]?.text ?? "";
      const probe = element.cloneNode(false) as HTMLSelectElement;
      probe.removeAttribute("id");
      probe.append(new Option(text));
      probe.style.cssText =
        "position: absolute; visibility: hidden; width: auto; min-width: 0; max-width: none";
      element.after(probe);
      const needs = probe.getBoundingClientRect().width;
      probe.remove();
      return { text, needs, has: element.getBoundingClientRect().width };
    });
    if (fit.needs > fit.has) cut.push(`${fit.text}: needs ${fit.needs}px, has ${fit.has}px`);
  }
  return cut;
}
