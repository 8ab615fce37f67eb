import { describe, expect, it } from "vitest";
import {
  type Offer,
  type ProviderStanding,
  routeCandidates,
} from "../../server/services/routing/routeCandidates";
import { routeOrder, routeScopes } from "../../server/services/routing/routeOrder";

const offer = (provider: string, cost = 9_800): Offer => ({
  provider,
  cost,
  delivery: { service: "airtime", serviceId: "1", phone: "08030000000", amount: 10_000 },
});
const standing = (provider: string, over: Partial<ProviderStanding> = {}): ProviderStanding => ({
  provider,
  switchedOff: false,
  circuitOpenUntil: null,
  balance: null,
  minSuccessPercent: 0,
  successPercent: null,
  ...over,
});
const now = new Date("2026-11-27T12:00:00Z");
const later = new Date("2026-11-27T12:05:00Z");
const earlier = new Date("2026-11-27T11:55:00Z");
const everyone = (_provider: string) => true;
const order = ["vtpass", "msorg"];
const offers = [offer("vtpass"), offer("msorg")];
const names = (standings: ProviderStanding[], configured = everyone) =>
  routeCandidates(order, offers, standings, configured, now).candidates.map(
    (c) => `${c.provider}${c.probe ? "?" : ""}`,
  );

describe("the order a purchase tries providers in", () => {
  it.each([
    ["the route's order when all is well", [], ["vtpass", "msorg"]],
    ["a switched-off provider never", [standing("vtpass", { switchedOff: true })], ["msorg"]],
    ["an open circuit last", [standing("vtpass", { circuitOpenUntil: later })], ["msorg", "vtpass"]],
    [
      "a circuit whose time is up first, to be probed",
      [standing("vtpass", { circuitOpenUntil: earlier })],
      ["vtpass?", "msorg"],
    ],
    ["a balance below the cost last", [standing("vtpass", { balance: 9_000 })], ["msorg", "vtpass"]],
    ["a balance that covers it in order", [standing("vtpass", { balance: 9_800 })], ["vtpass", "msorg"]],
    [
      "a success rate under the floor last",
      [standing("vtpass", { minSuccessPercent: 80, successPercent: 60 })],
      ["msorg", "vtpass"],
    ],
    [
      "a success rate not yet known in order",
      [standing("vtpass", { minSuccessPercent: 80, successPercent: null })],
      ["vtpass", "msorg"],
    ],
    [
      "both circuits open: both, still in order, rather than no sale",
      [standing("vtpass", { circuitOpenUntil: later }), standing("msorg", { circuitOpenUntil: later })],
      ["vtpass", "msorg"],
    ],
    [
      "both switched off: none",
      [standing("vtpass", { switchedOff: true }), standing("msorg", { switchedOff: true })],
      [],
    ],
  ] as const)("%s", (_, standings, expected) => {
    expect(names([...standings])).toEqual(expected);
  });

  it("never tries a provider not configured, and tries last one the saved route leaves out", () => {
    expect(names([], (p) => p !== "vtpass")).toEqual(["msorg"]);
    expect(routeCandidates(["msorg"], offers, [], everyone, now).candidates.map((c) => c.provider)).toEqual([
      "msorg",
      "vtpass",
    ]);
  });

  it("takes the most specific saved route: network and plan type, network, service, else PROVIDERS'", () => {
    const saved = [
      { scope: "", providers: ["a"] },
      { scope: "1", providers: ["b"] },
      { scope: "1:sme", providers: ["c"] },
    ];
    expect(routeOrder(saved, routeScopes(1, "sme"), ["d"])).toEqual(["c"]);
    expect(routeOrder(saved, routeScopes(1, "gifting"), ["d"])).toEqual(["b"]);
    expect(routeOrder(saved, routeScopes(2, null), ["d"])).toEqual(["a"]);
    expect(routeOrder([], routeScopes(null, null), ["d", "e"])).toEqual(["d", "e"]);
  });
});
