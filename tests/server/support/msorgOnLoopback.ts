import { afterAll, beforeAll, expect } from "vitest";
import { createMsorgProvider } from "../../../server/outside/msorg/msorgProvider";
import {
  createMsorgSimulator,
  type MsorgSimulator,
} from "../../../server/outside/msorg/simulator/msorgSimulator";
import type { ProviderOrder, ProviderResult, SentAttempt } from "../../../server/outside/provider";
import { simulatorKeys } from "../../../server/outside/simulation/simulatorKeys";
import { serveOnLoopback } from "./loopbackSimulator";
import type { TestClock } from "./testClock";

/**
 * The SME-data vendor's simulator served over real HTTP for a file's tests on `clock`, with the adapter
 * pointed at it and what the PIN-selling files (epin/, rechargepin/) read from both.
 */
export function msorgOnLoopback(clock: TestClock) {
  let simulator: MsorgSimulator;
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    simulator = createMsorgSimulator({
      token: simulatorKeys.msorg.token,
      clock,
      journalPath: null,
      latencyMs: 0,
      settleAfterMs: null,
      timeoutAnswerMs: 1_500,
    });
    const served = await serveOnLoopback(simulator);
    base = `${served.origin}api/`;
    close = served.stop;
  });
  afterAll(() => close());

  const records = () => simulator.control.records();
  return {
    /** The simulator's control: its requests, records, balance and scripts. */
    get control() {
      return simulator.control;
    },
    /** The vendor's API root, `…/api/`. */
    get base() {
      return base;
    },
    adapter: (timeoutMs = 10_000) =>
      createMsorgProvider({
        label: "Simulated vendor",
        baseUrl: base,
        token: simulatorKeys.msorg.token,
        timeoutMs,
      }),
    within: () => AbortSignal.timeout(3_000),
    sent: (order: ProviderOrder, providerReference: string | null, sentAt = clock.now()): SentAttempt => ({
      requestId: "ours",
      providerReference,
      order,
      sentAt,
    }),
    /** The cards the simulator keeps for its last record, as the adapter should have read them. */
    keptCards: () => records().at(-1)?.pins ?? [],
    /** No PIN the simulator made reaches a note. */
    expectNoPinIn(result: ProviderResult) {
      for (const card of records().flatMap((record) => record.pins ?? []))
        expect(result.note ?? "").not.toContain(card.pin);
    },
  };
}

export const referenceOf = (result: ProviderResult) => result.providerReference ?? null;
export const vouchersOf = (result: ProviderResult) =>
  result.status === "successful" ? result.vouchers : undefined;
