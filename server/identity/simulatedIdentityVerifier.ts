import type { IdentityRecord, IdentityVerifier } from "./identityVerifier";
import { IdentityUnavailable } from "./identityVerifier";

/**
 * The identity provider while the simulators are on (never where real money moves). Test numbers, by
 * their last four digits: `0000` has no record, `9999` belongs to someone else ("Chidinma Okafor"),
 * `5555` finds the provider down; any other number belongs to whoever asks, as a provider's sandbox does.
 */
export function createSimulatedIdentityVerifier(options: { latencyMs: number }): IdentityVerifier {
  return {
    name: "simulator",
    async lookup(query, signal): Promise<IdentityRecord | null> {
      await pause(options.latencyMs, signal);
      const tail = query.number.slice(-4);
      if (tail === "5555") throw new IdentityUnavailable("the simulated identity provider is down");
      if (tail === "0000") return null;
      if (tail === "9999") return { firstName: "CHIDINMA", middleName: "ADAEZE", lastName: "OKAFOR" };
      // Providers answer in capitals, middle name apart.
      return {
        firstName: query.firstName.toUpperCase(),
        middleName: null,
        lastName: query.lastName.toUpperCase(),
      };
    },
  };
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new IdentityUnavailable("the identity provider took too long"));
    });
  });
}
