/**
 * A prerendered page carries its stylesheets inline (server/http/spa.ts writes each as
 * `<style data-href="/assets/…">`). Vite's loader fetches a lazily loaded chunk's CSS, and waits for
 * it before the chunk runs, unless a `<link rel="stylesheet">` for that file is on the page; so it
 * would fetch those files again, after the page has drawn, and hold the page's code a round trip for
 * them. A link of a type no browser loads tells it they are here, without a request.
 */
export function markInlinedStyles() {
  for (const style of document.querySelectorAll<HTMLStyleElement>("style[data-href]")) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.type = "text/x-inlined";
    link.href = style.dataset.href ?? "";
    style.after(link);
  }
}
