import { createHash, randomInt } from "node:crypto";
import type { MeterType } from "../../schemas/purchases";
import {
  type Provider,
  type ProviderOrder,
  type ProviderResult,
  recipientOf,
  VerificationRefused,
} from "./provider";

/**
 * The default provider: it answers like a real one, after a delay, and the recipient's last four
 * digits choose the outcome (README, "Sandbox triggers"):
 *   0000  the purchase fails
 *   1111  pending; the second requery says successful
 *   2222  pending; the second requery says failed
 *   3333  never answers the purchase (our timeout leaves it pending); the first requery says successful
 *   4444  verification finds no customer
 *   else  successful
 */
export const sandboxTriggers = {
  fails: "0000",
  pendingThenOk: "1111",
  pendingThenFails: "2222",
  timesOut: "3333",
  unknown: "4444",
};

const firstNames = [
  "Chinedu",
  "Aisha",
  "Oluwaseun",
  "Ngozi",
  "Ibrahim",
  "Funmilayo",
  "Emeka",
  "Hauwa",
  "Tunde",
  "Chiamaka",
];
const lastNames = [
  "Okafor",
  "Bello",
  "Adeyemi",
  "Eze",
  "Musa",
  "Ogunleye",
  "Nwosu",
  "Abubakar",
  "Balogun",
  "Okonkwo",
];
const streets = [
  "Adeola Odeku Street",
  "Allen Avenue",
  "Aminu Kano Crescent",
  "Ogui Road",
  "Ring Road",
  "Ahmadu Bello Way",
];
const towns = ["Victoria Island, Lagos", "Ikeja, Lagos", "Wuse II, Abuja", "Enugu", "Ibadan", "Kaduna"];

/** A stable made-up person for a number, so the same smartcard always shows the same name. */
function personFor(number: string) {
  const hash = createHash("sha256").update(number).digest();
  const pick = <T>(list: readonly T[], byte: number) => list[(hash[byte] ?? 0) % list.length] as T;
  return {
    name: `${pick(firstNames, 0)} ${pick(lastNames, 1)}`.toUpperCase(),
    address: `${1 + ((hash[2] ?? 0) % 80)} ${pick(streets, 3)}, ${pick(towns, 4)}`,
    plan: pick(["Compact", "Padi", "Jolli", "Basic"], 5),
    dueInDays: 1 + ((hash[6] ?? 0) % 28),
  };
}

const ends = (value: string, trigger: string) => value.endsWith(trigger);

function wait(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (ms <= 0 && !signal) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason ?? new Error("aborted"));
    });
  });
}

function token20(): string {
  let digits = "";
  for (let i = 0; i < 20; i++) digits += randomInt(0, 10);
  return digits;
}

export function createSandboxProvider(options: { latencyMs: number; today?: () => Date }): Provider {
  const today = options.today ?? (() => new Date());
  const providerRef = (reference: string) => `SBX-${reference}`;
  const delivered = (reference: string, order: ProviderOrder): ProviderResult => ({
    status: "successful",
    providerReference: providerRef(reference),
    ...(order.service === "electricity" && order.meterType === "prepaid" && { token: token20() }),
  });

  return {
    name: "sandbox",
    async verifySmartcard(_providerCode, smartcard) {
      await wait(options.latencyMs);
      if (ends(smartcard, sandboxTriggers.unknown))
        throw new VerificationRefused("We could not find a customer with that smartcard number.");
      const person = personFor(smartcard);
      const due = new Date(today().getTime() + person.dueInDays * 86_400_000).toISOString().slice(0, 10);
      return { customer_name: person.name, current_plan: person.plan, due_date: due };
    },
    async verifyMeter(_discoCode, meterNumber, _meterType: MeterType) {
      await wait(options.latencyMs);
      if (ends(meterNumber, sandboxTriggers.unknown))
        throw new VerificationRefused("We could not find a customer with that meter number.");
      const person = personFor(meterNumber);
      return { customer_name: person.name, address: person.address };
    },
    async buy(reference, order, signal) {
      const recipient = recipientOf(order);
      if (ends(recipient, sandboxTriggers.timesOut)) {
        await wait(24 * 3_600_000, signal);
      }
      await wait(options.latencyMs, signal);
      if (ends(recipient, sandboxTriggers.fails)) {
        return {
          status: "failed",
          providerReference: providerRef(reference),
          reason: "The provider declined this purchase.",
        };
      }
      if (
        ends(recipient, sandboxTriggers.pendingThenOk) ||
        ends(recipient, sandboxTriggers.pendingThenFails)
      ) {
        return { status: "pending", providerReference: providerRef(reference) };
      }
      return delivered(reference, order);
    },
    async requery(reference, order, attempt) {
      await wait(Math.min(options.latencyMs, 200));
      const recipient = recipientOf(order);
      if (ends(recipient, sandboxTriggers.fails)) {
        return {
          status: "failed",
          providerReference: providerRef(reference),
          reason: "The provider declined this purchase.",
        };
      }
      if (ends(recipient, sandboxTriggers.pendingThenOk)) {
        return attempt >= 2
          ? delivered(reference, order)
          : { status: "pending", providerReference: providerRef(reference) };
      }
      if (ends(recipient, sandboxTriggers.pendingThenFails)) {
        return attempt >= 2
          ? {
              status: "failed",
              providerReference: providerRef(reference),
              reason: "The provider could not deliver this purchase.",
            }
          : { status: "pending", providerReference: providerRef(reference) };
      }
      return delivered(reference, order);
    },
  };
}
