/**
 * The thin bar every page shows while the simulators are on, so nobody mistakes a simulated payment
 * or delivery for a real one. Plain HTML with its own style: it needs no script and no stylesheet.
 */
export const simulatedBarText = "Simulated payments and deliveries: no real money";

export const simulatedBarHtml = `<div role="note" data-simulated-bar style="background:#fff4d6;color:#5c4400;font:600 13px/1.4 system-ui,sans-serif;text-align:center;padding:4px 8px;border-bottom:1px solid #e8d28a">${simulatedBarText}</div>`;
