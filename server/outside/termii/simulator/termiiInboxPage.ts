import { html } from "hono/html";
import { simulatorPage } from "../../simulation/simulatorPage";
import type { SimulatedSms } from "./termiiSimulator";

const when = new Intl.DateTimeFormat("en-NG", {
  timeZone: "Africa/Lagos",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hour12: false,
});

const inboxStyle = `
      .error { background: #fde8e6; color: #9b1c10; padding: 8px 12px; border-radius: 8px; }
      ol { list-style: none; padding: 0; margin: 16px 0 0; }
      li { border: 1px solid #dfe5ea; border-radius: 10px; padding: 12px; margin-bottom: 12px; }
      .text { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0 0 8px; font-size: 1.05rem; }
      dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; margin: 0; font-size: 0.9rem; }
      dt { color: #5b6b78; }
      dd { margin: 0; overflow-wrap: anywhere; }`;

export interface InboxView {
  /** The number asked for, as typed; empty for every phone's messages. */
  typed: string;
  messages: SimulatedSms[];
  error?: string;
}

/** The simulated phones' inbox: what the app sent through the simulated Termii, newest first. */
export function inboxPage(view: InboxView) {
  const title = "SMS inbox (simulated Termii)";
  const heading = view.typed && !view.error ? `Messages to ${view.typed}` : "Messages to every phone";
  return simulatorPage(
    title,
    html`<h1>${title}</h1>
      <p class="muted">What the app sent by SMS while the simulators are on, newest first. Nothing here reached a real phone.</p>
      <form method="get" action="">
        <label for="to">Phone number</label>
        <input id="to" name="to" inputmode="tel" autocomplete="off" value="${view.typed}"
          ${view.error ? html`aria-invalid="true" aria-describedby="to-error"` : ""} />
        ${view.error ? html`<p class="error" id="to-error">${view.error}</p>` : ""}
        <button type="submit">Show this phone's messages</button>
      </form>
      <p><a href="?">Show every phone's messages</a> · <a href="">Refresh</a></p>
      <h2 id="messages">${heading}</h2>
      ${
        view.messages.length === 0
          ? html`<p>No messages yet.</p>`
          : html`<ol aria-labelledby="messages">
              ${view.messages.map(
                (m) => html`<li>
                  <p class="text">${m.sms}</p>
                  <dl>
                    <dt>To</dt><dd>${m.to}</dd>
                    <dt>From</dt><dd>${m.from}</dd>
                    <dt>When</dt><dd><time datetime="${m.at.toISOString()}">${when.format(m.at)}</time></dd>
                    <dt>Status</dt><dd>${m.status}</dd>
                  </dl>
                </li>`,
              )}
            </ol>`
      }`,
    inboxStyle,
  );
}
