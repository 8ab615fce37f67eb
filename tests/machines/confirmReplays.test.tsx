import { readdirSync, readFileSync } from "node:fs";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AnyActorRef } from "xstate";
import type { AdminApi } from "../../src/api/adminApi";
import type { CustomerApi } from "../../src/api/customerApi";
import { FundWalletForm } from "../../src/pages/admin/FundWalletForm";
import { PaymentResult } from "../../src/pages/customer/FundAccountPage";
import { fundee, fundingReference } from "../support/confirmFixtures";
import { expectFundWalletScreen, expectPaymentScreen } from "../support/confirmScreens";
import { fakeAdmin, fakeCustomer, renderApp } from "../support/renderApp";

interface Replay {
  state: string;
  // biome-ignore lint/suspicious/noExplicitAny: a persisted snapshot as saved
  snapshot: any;
}

const folder = "tests/replays";
const saved = (prefix: string) =>
  readdirSync(folder)
    .filter((name) => name.startsWith(`${prefix}.`) && name.endsWith(".json"))
    .map((name) => [name, JSON.parse(readFileSync(`${folder}/${name}`, "utf8")) as Replay] as const);
const confirmations = saved("confirmAction.fundWallet");
const fundingChecks = saved("fundingCheck");

// A restored request starts again; these answer never, so the screen stays in the saved state.
const never = () => new Promise<never>(() => {});

afterEach(cleanup);

/** The restored actor must be in the saved state with the saved context before the screen is read. */
async function restored(app: ReturnType<typeof renderApp>, id: string, replay: Replay) {
  await waitFor(() => expect(app.machines.get(id)).toBeDefined());
  const actor = app.machines.get(id) as AnyActorRef;
  expect(actor.getSnapshot().value).toEqual(replay.snapshot.value);
  expect(actor.getSnapshot().context).toEqual(replay.snapshot.context);
  return actor.getSnapshot();
}

describe("saved confirmation states", () => {
  it("cover every state of Fund wallet's confirmation and of the checkout check", () => {
    expect(confirmations.map(([, r]) => r.state).sort()).toEqual([
      "confirming",
      "done",
      "failed",
      "idle",
      "sending",
    ]);
    expect(fundingChecks.map(([, r]) => r.state).sort()).toEqual([
      "checking",
      "confirming.asking",
      "confirming.waiting",
      "missing",
      "settled",
      "slow",
      "stopped",
      "unreachable",
    ]);
  });

  it.each(confirmations)("%s comes back on Fund wallet as it was", async (_name, replay) => {
    const app = renderApp({
      path: "/replay",
      admin: fakeAdmin({ fundCustomer: never as AdminApi["fundCustomer"] }),
      children: <FundWalletForm customer={fundee} onFunded={() => {}} snapshot={replay.snapshot} />,
    });
    await screen.findByRole("button", { name: "Continue" });
    expectFundWalletScreen(await restored(app, "confirmAction", replay));
  });

  it.each(fundingChecks)("%s comes back on Fund account as it was", async (_name, replay) => {
    const app = renderApp({
      path: "/replay",
      customer: fakeCustomer({ verifyFunding: never as CustomerApi["verifyFunding"] }),
      children: (
        <PaymentResult reference={fundingReference} onStartAgain={() => {}} snapshot={replay.snapshot} />
      ),
    });
    await screen.findByRole("region", { name: "Your payment" });
    expectPaymentScreen(await restored(app, "fundingCheck", replay));
  });
});
