import { join } from "node:path";
import type { Clock } from "./clock";
import type { Config } from "./config";
import { createDiditVerifier } from "./outside/didit/diditVerifier";
import { createDiditSimulator, type DiditSimulator } from "./outside/didit/simulator/diditSimulator";
import type { PaymentGateway } from "./outside/gateway";
import type { IdentityVerifier } from "./outside/identityVerifier";
import { createMsorgProvider } from "./outside/msorg/msorgProvider";
import { createMsorgSimulator, type MsorgSimulator } from "./outside/msorg/simulator/msorgSimulator";
import { createPaystackGateway } from "./outside/paystack/paystackGateway";
import {
  createPaystackSimulator,
  type PaystackSimulator,
} from "./outside/paystack/simulator/paystackSimulator";
import { type ProviderSet, providerSet } from "./outside/providerSet";
import { simulatorKeys } from "./outside/simulation/simulatorKeys";
import { createTermiiSimulator, type TermiiSimulator } from "./outside/termii/simulator/termiiSimulator";
import { createTermiiSms, type SmsGateway } from "./outside/termii/termiiSms";
import { createVtpassSimulator, type VtpassSimulator } from "./outside/vtpass/simulator/vtpassSimulator";
import type { VtpassCredentials } from "./outside/vtpass/vtpassClient";
import { createVtpassProvider } from "./outside/vtpass/vtpassProvider";

export interface Simulators {
  vtpass: VtpassSimulator;
  msorg: MsorgSimulator;
  paystack: PaystackSimulator;
  didit: DiditSimulator;
  termii: TermiiSimulator;
}

export interface Integrations {
  providers: ProviderSet;
  gateway: PaymentGateway;
  /** Who checks BVNs and NINs (Didit); null where no key is set: admins then set tiers by hand. */
  identity: IdentityVerifier | null;
  /** Served by the app under /simulator/ while they are on; null where real money moves. */
  simulators: Simulators | null;
  /** Where SMS leave (Termii or its simulator); null when SMS is off. */
  smsGateway: SmsGateway | null;
}

export const simulatorPaths = {
  vtpass: "/simulator/vtpass",
  msorg: "/simulator/msorg",
  paystack: "/simulator/paystack",
  didit: "/simulator/didit",
  termii: "/simulator/termii",
} as const;

export interface IntegrationOptions {
  /** Where this process answers on loopback, e.g. http://127.0.0.1:8080: adapters reach the simulators there. */
  origin: string;
  /** The address customers' browsers use (the simulated checkout lives under it). */
  publicUrl: string;
  clock: Clock;
  /** Where the simulators keep what they remember across restarts; null keeps it in memory. */
  journalDir: string | null;
  /** How the simulators pace themselves; tests make them fast and let the test settle things. */
  simulatorTiming?: { settleAfterMs: number | null; timeoutAnswerMs: number };
  /**
   * Where the VTpass adapter reaches a simulated VTpass, when not the one this app serves: the bench
   * serves one from a thread of its own, so its work stays off the app's event loop as the real
   * VTpass's does.
   */
  vtpassBaseUrl?: string;
  /** Where the MSORG adapter reaches a simulated vendor, when not the one this app serves (the bench's thread, as for VTpass). */
  msorgBaseUrl?: string;
}

/** Where each provider is reached: its real host and keys, or its simulator's. */
interface ProviderHosts {
  vtpass: VtpassCredentials | null;
  msorg: { baseUrl: string; token: string } | null;
}

/** The providers `PROVIDERS` lists, in its order; config has checked each listed one has its settings. */
function providersOf(config: Config, hosts: ProviderHosts): ProviderSet {
  const timeoutMs = config.providerTimeoutMs;
  return providerSet(
    config.providers.map((name) => {
      const host = hosts[name];
      if (!host) throw new Error(`the ${name} settings are missing`);
      if (name === "vtpass") return createVtpassProvider({ ...(host as VtpassCredentials), timeoutMs });
      return createMsorgProvider({
        ...(host as { baseUrl: string; token: string }),
        label: config.msorgName,
        timeoutMs,
      });
    }),
  );
}

/**
 * The providers' and Paystack's adapters, pointed at the real hosts or, while the simulators are on, at
 * the simulators this app serves: the adapter code is the same either way.
 */
export function createIntegrations(config: Config, options: IntegrationOptions): Integrations {
  const preferredBank = config.paystackPreferredBank;
  if (!config.simulators) {
    if (!config.paystack) throw new Error("the Paystack settings are missing");
    return {
      providers: providersOf(config, { vtpass: config.vtpass, msorg: config.msorg }),
      gateway: createPaystackGateway({
        ...config.paystack,
        preferredBank,
        timeoutMs: config.providerTimeoutMs,
        listingTimeoutMs: config.gatewayListingTimeoutMs,
      }),
      identity: config.didit
        ? createDiditVerifier({ ...config.didit, timeoutMs: config.providerTimeoutMs })
        : null,
      simulators: null,
      smsGateway:
        config.sms?.baseUrl != null
          ? createTermiiSms({
              ...config.sms,
              baseUrl: config.sms.baseUrl,
              timeoutMs: config.providerTimeoutMs,
            })
          : null,
    };
  }
  const journal = (name: string) => (options.journalDir ? join(options.journalDir, name) : null);
  const timing = options.simulatorTiming ?? { settleAfterMs: 15_000, timeoutAnswerMs: 60_000 };
  const vtpass = createVtpassSimulator({
    keys: simulatorKeys.vtpass,
    clock: options.clock,
    journalPath: journal("vtpass.jsonl"),
    latencyMs: config.simulatorLatencyMs,
    settleAfterMs: timing.settleAfterMs,
    timeoutAnswerMs: timing.timeoutAnswerMs,
    webhookUrl: `${options.origin}/api/webhooks/vtpass/`,
  });
  const paystack = createPaystackSimulator({
    secretKey: simulatorKeys.paystack.secretKey,
    publicUrl: `${options.publicUrl}${simulatorPaths.paystack}`,
    webhookUrl: `${options.origin}/api/webhooks/paystack/`,
    clock: options.clock,
    journalPath: journal("paystack.jsonl"),
    latencyMs: config.simulatorLatencyMs,
  });
  const msorg = createMsorgSimulator({
    token: simulatorKeys.msorg.token,
    clock: options.clock,
    journalPath: journal("msorg.jsonl"),
    latencyMs: config.simulatorLatencyMs,
    settleAfterMs: timing.settleAfterMs,
    timeoutAnswerMs: timing.timeoutAnswerMs,
  });
  return {
    providers: providersOf(config, {
      vtpass: {
        baseUrl: options.vtpassBaseUrl ?? `${options.origin}${simulatorPaths.vtpass}/api/`,
        ...simulatorKeys.vtpass,
      },
      msorg: {
        baseUrl: options.msorgBaseUrl ?? `${options.origin}${simulatorPaths.msorg}/api/`,
        ...simulatorKeys.msorg,
      },
    }),
    gateway: createPaystackGateway({
      baseUrl: `${options.origin}${simulatorPaths.paystack}/`,
      secretKey: simulatorKeys.paystack.secretKey,
      preferredBank,
      timeoutMs: config.providerTimeoutMs,
      listingTimeoutMs: config.gatewayListingTimeoutMs,
    }),
    identity: createDiditVerifier({
      baseUrl: `${options.origin}${simulatorPaths.didit}/`,
      apiKey: simulatorKeys.didit.apiKey,
      timeoutMs: config.providerTimeoutMs,
    }),
    simulators: {
      vtpass,
      msorg,
      paystack,
      didit: createDiditSimulator({
        apiKey: simulatorKeys.didit.apiKey,
        latencyMs: config.simulatorLatencyMs,
      }),
      termii: createTermiiSimulator({
        ...simulatorKeys.termii,
        webhookUrl: `${options.origin}/api/webhooks/termii/`,
        clock: options.clock,
        // Reports come a few seconds after each message, as from a handset; tests ask for them.
        reportAfterMs: timing.settleAfterMs === null ? null : 3_000,
      }),
    },
    smsGateway: config.sms
      ? createTermiiSms({
          ...config.sms,
          baseUrl: `${options.origin}${simulatorPaths.termii}/`,
          timeoutMs: config.providerTimeoutMs,
        })
      : null,
  };
}
