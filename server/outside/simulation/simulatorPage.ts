import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { simulatedBarHtml } from "./simulatedBar";

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/**
 * A page a simulator serves (Paystack's checkout, Termii's inbox): the simulated bar, one narrow
 * column that fits a 360px phone, labelled fields, and a visible focus ring. `style` adds the page's own.
 */
export function simulatorPage(title: string, body: Html, style = "") {
  return html`<!doctype html>
<html lang="en-NG">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <style>
      body { font-family: system-ui, sans-serif; background: #f3f5f7; color: #17212b; margin: 0; }
      main { max-width: 440px; margin: 16px auto; background: #fff; border: 1px solid #dfe5ea; border-radius: 12px; padding: 20px; }
      h1 { font-size: 1.3rem; margin: 0 0 8px; }
      h2 { font-size: 1.05rem; margin: 20px 0 8px; }
      .muted { color: #5b6b78; }
      label { display: block; font-weight: 600; margin: 10px 0 4px; }
      input { box-sizing: border-box; width: 100%; min-height: 44px; font: inherit; padding: 8px 10px; border: 1px solid #9aa8b4; border-radius: 8px; }
      button { width: 100%; min-height: 48px; border-radius: 10px; font: inherit; font-weight: 700; margin-top: 12px; cursor: pointer; }
      :focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }${raw(style)}
    </style>
  </head>
  <body>
    ${raw(simulatedBarHtml)}
    <main>${body}</main>
  </body>
</html>`;
}
