import { registryPhoneOf } from "../../../server/outside/didit/simulator/diditSimulator";
import type { BrowserTest } from "./browserTest";

/**
 * The newest identity code the registry's phone for `number` (a BVN or NIN) received, read from the
 * running app's simulated Termii inbox, as a developer reads it: the app's sender sends the code at
 * once, so this waits a little for it to arrive.
 */
export async function identityCodeSent(app: BrowserTest["app"], number: string): Promise<string> {
  const to = registryPhoneOf(number).slice(1);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await fetch(`${app.base}/simulator/termii/messages?to=${to}`);
    if (res.status !== 200) throw new Error(`the simulated inbox answered ${res.status}`);
    const { messages } = (await res.json()) as { messages: Array<{ sms: string }> };
    const code = messages.find((m) => m.sms.includes("identity code"))?.sms.match(/\b\d{6}\b/)?.[0];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no identity code reached ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
