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
