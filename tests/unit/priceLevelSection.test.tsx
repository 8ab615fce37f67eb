import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type CustomerLevel, customerLevel, type LevelUpgradeBody } from "../../schemas/levelUpgrades";
import { ApiFailure } from "../../src/api/client";
import { discountLines } from "../../src/pages/customer/levelDiscounts";
import { customerWithPin, tier1Kyc } from "../support/fixtures";
import { fakeCustomer } from "../support/renderApp";
import { renderSignedIn } from "../support/signedIn";
import { transaction } from "../support/transactionFixtures";

afterEach(cleanup);

const flat = (percent: number) => ({
  airtime: percent,
  data_sme: percent,
  data_corporate_gifting: percent,
  data_gifting: percent,
  data_direct: percent,
  tv: 0,
  electricity: 0,
  exam_pin: 0,
  recharge_pin: 0,
});
const level = (slug: CustomerLevel["slug"], name: string, fee: number, percent: number, current = false) =>
  customerLevel.parse({
    slug,
    name,
    upgrade_fee: fee,
    api_access: slug === "reseller" || slug === "api",
    discounts: flat(percent),
    // The agent level has a price of its own on three data plans.
    fixed_data_prices: slug === "agent" ? 3 : 0,
    current,
  });
const levels = [
  level("customer", "Customer", 0, 0, true),
  level("agent", "Agent", 100_000, 1),
  level("reseller", "Reseller", 500_000, 2),
  level("api", "API", 1_000_000, 2.5),
];
const profile = { ...customerWithPin, wallet: { number: "3012345678", balance: 300_000 } };
const wrongPin = () =>
  new ApiFailure(400, "Incorrect PIN. You have 4 attempts left.", {
    code: "wrong_pin",
    fields: { pin: ["Incorrect PIN. You have 4 attempts left."] },
  });

async function openProfile(upgradeLevel: (body: LevelUpgradeBody) => Promise<unknown>) {
  const customer = fakeCustomer({
    kyc: async () => tier1Kyc(),
    levels: async () => levels,
    upgradeLevel: upgradeLevel as never,
  });
  await renderSignedIn("/app/profile", profile, undefined, customer);
  const section = await screen.findByRole("region", { name: "Price level" });
  await within(section).findByText("Your level");
  return section;
}

describe("the profile's price level section", () => {
  it("shows the customer's level and each one above with its discounts and fee", async () => {
    const section = await openProfile(vi.fn());
    expect(within(section).getByText("Customer")).toBeInTheDocument();
    expect(within(section).getByText("None: you pay the listed prices.")).toBeInTheDocument();
    const offers = within(section)
      .getAllByRole("listitem")
      .filter((li) => li.className === "level-offer");
    expect(offers.map((o) => within(o).getByRole("heading").textContent)).toEqual([
      "Agent",
      "Reseller",
      "API",
    ]);
    const agent = offers[0] as HTMLElement;
    expect(agent).toHaveTextContent("Up to 1% off airtime and data");
    expect(agent).toHaveTextContent("Upgrade fee ₦1,000.00, paid once from your wallet");
    expect(agent).not.toHaveTextContent("API keys");
    expect(agent).toHaveTextContent("Special prices on 3 data plans");
    expect(offers[1]).not.toHaveTextContent("Special prices");
    expect(offers[1]).toHaveTextContent("API keys, to sell from your own website or app");
    // ₦3,000 in the wallet: ₦2,000 short of Reseller, with the way to fund it.
    expect(offers[1]).toHaveTextContent("Your wallet is ₦2,000.00 short.");
    expect(within(offers[1] as HTMLElement).getByRole("link", { name: "Fund your wallet" })).toHaveAttribute(
      "href",
      "/app/fund-account",
    );
  });

  it("upgrades after the PIN, saying a wrong one under the field, then shows the new level and balance", async () => {
    const user = userEvent.setup();
    const upgradeLevel = vi
      .fn<(body: LevelUpgradeBody) => Promise<unknown>>()
      .mockRejectedValueOnce(wrongPin())
      .mockImplementationOnce(async (body) => ({
        level: body.level,
        transaction: transaction({
          kind: "level_upgrade",
          description: "Upgrade to Agent",
          amount: 100_000,
          total: 100_000,
          balance_before: 300_000,
          balance_after: 200_000,
        }),
      }));
    const section = await openProfile(upgradeLevel);
    await user.click(within(section).getByRole("button", { name: "Upgrade to Agent" }));
    const dialog = await screen.findByRole("dialog", { name: "Upgrade to Agent" });
    expect(dialog).toHaveTextContent("₦1,000.00 is paid once from your wallet");
    expect(dialog).toHaveTextContent("Wallet balance ₦3,000.00, ₦2,000.00 after.");
    const pin = within(dialog).getByLabelText("Transaction PIN");
    expect(pin).toHaveFocus();

    // Checked before anything is sent.
    await user.type(pin, "12");
    await user.click(within(dialog).getByRole("button", { name: "Pay ₦1,000.00" }));
    expect(await within(dialog).findByText("PIN must be exactly 4 digits.")).toBeInTheDocument();
    expect(upgradeLevel).not.toHaveBeenCalled();

    await user.clear(pin);
    await user.type(pin, "9999{Enter}");
    expect(await within(dialog).findByText("Incorrect PIN. You have 4 attempts left.")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Upgrade to Agent" })).toBeInTheDocument();

    await user.clear(pin);
    await user.type(pin, "1357{Enter}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const [first, second] = upgradeLevel.mock.calls.map(([body]) => body);
    expect(first).toMatchObject({ level: "agent", pin: "9999" });
    expect(second).toMatchObject({ level: "agent", pin: "1357" });
    expect(second?.request_id).toMatch(/^[0-9a-f-]{36}$/);

    const facts = section.querySelector("dl.facts") as HTMLElement;
    expect(facts).toHaveTextContent("Your levelAgent");
    expect(facts).toHaveTextContent("Wallet balance₦2,000.00");
    expect(within(section).queryByRole("button", { name: "Upgrade to Agent" })).not.toBeInTheDocument();
    expect(within(section).getByRole("button", { name: "Upgrade to Reseller" })).toBeInTheDocument();
    expect(within(section).getByRole("heading", { name: "Price level" })).toHaveFocus();
  });

  it("says a short balance in the dialog, and closes on Escape with focus back on its button", async () => {
    const user = userEvent.setup();
    const msg =
      "Insufficient balance: this costs ₦5,000.00 and your wallet has ₦3,000.00. Fund your wallet and try again.";
    const upgradeLevel = vi.fn(async () => {
      throw new ApiFailure(400, msg, { code: "insufficient_funds" });
    });
    const section = await openProfile(upgradeLevel);
    const button = within(section).getByRole("button", { name: "Upgrade to Reseller" });
    await user.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Upgrade to Reseller" });
    await user.type(within(dialog).getByLabelText("Transaction PIN"), "1357{Enter}");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(msg);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(within(section).getByText("Customer")).toBeInTheDocument();
  });

  it("says where the levels would be when they cannot be read", async () => {
    const customer = fakeCustomer({
      kyc: async () => tier1Kyc(),
      levels: async () => {
        throw new ApiFailure(503, "Unavailable");
      },
    });
    await renderSignedIn("/app/profile", profile, undefined, customer);
    const section = await screen.findByRole("region", { name: "Price level" });
    expect(await within(section).findByText("We could not load the price levels.")).toBeInTheDocument();
    expect(within(section).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});

describe("a level's discount lines", () => {
  it("name exam PINs as a customer would", () => {
    expect(discountLines({ discounts: { ...flat(1), exam_pin: 1.5 } })).toEqual([
      "Up to 1.5% off exam PINs",
      "Up to 1% off airtime and data",
    ]);
  });
});
