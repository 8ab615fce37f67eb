import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Product } from "../../machines/purchaseMachine";
import type { Beneficiary, PurchaseAgain } from "../../schemas/beneficiaries";
import { ApiFailure } from "../../src/api/client";
import type { RecipientsApi } from "../../src/api/recipientsApi";
import { customerWithPin } from "../support/fixtures";
import { catalogues, choices } from "../support/purchaseFixtures";
import { fillChoice } from "../support/purchaseScreen";
import { fakeCustomer } from "../support/renderApp";
import { heading, renderSignedIn } from "../support/signedIn";
import { funding, transaction } from "../support/transactionFixtures";
import "../../src/pages/customer/purchase/purchaseSteps";
import "../../src/pages/customer/recipients/SavedRecipientsSection";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const saved = (over: Partial<Beneficiary>): Beneficiary => ({
  id: crypto.randomUUID(),
  nickname: "Mum",
  kind: "phone",
  number: "08031234567",
  network_id: 1,
  provider_id: null,
  disco_id: null,
  meter_type: null,
  target: "MTN",
  verified_name: null,
  verified_at: null,
  created_at: "2026-12-01T10:00:00Z",
  ...over,
});
const mum = saved({});
const home = saved({
  nickname: "Home",
  kind: "meter",
  number: "45071234567",
  network_id: null,
  disco_id: 6,
  meter_type: "prepaid",
  target: "Ikeja Electric",
  verified_name: "ADEBAYO O.",
});

function recipientsApi(list: Beneficiary[], over: Partial<RecipientsApi> = {}): RecipientsApi {
  return {
    list: vi.fn(async () => list),
    save: vi.fn(async (body) => saved({ ...body, id: crypto.randomUUID() } as Partial<Beneficiary>)),
    rename: vi.fn(async (id: string, nickname: string) => ({
      ...(list.find((b) => b.id === id) ?? mum),
      nickname,
    })),
    remove: vi.fn(async (id: string) => list.find((b) => b.id === id) ?? mum),
    again: vi.fn(async () => {
      throw new Error("not asked");
    }),
    ...over,
  };
}

const paths: Partial<Record<Product, string>> = {
  airtime: "/app/airtime-vtu",
  data: "/app/data-subscriptions",
  tv: "/app/cable-subscriptions",
  electricity: "/app/utilities",
};

async function openWizard(
  product: "airtime" | "data" | "tv" | "electricity",
  recipients: RecipientsApi,
  search = "",
) {
  const app = await renderSignedIn(
    `${paths[product]}${search}`,
    customerWithPin,
    undefined,
    fakeCustomer({ recipients: async () => recipients }),
  );
  await waitFor(() => expect(app.control.purchase.isRunning("loadCatalogue")).toBe(true));
  await act(async () =>
    app.control.purchase.settle({ type: "xstate.done.actor.loadCatalogue", output: catalogues[product] }),
  );
  return app;
}

describe("saved recipients in the wizards", () => {
  it("are offered first, and choosing one fills the number and its network, even a ported one", async () => {
    const user = userEvent.setup();
    const ported = saved({ nickname: "Tunde", number: "08031112222", network_id: 4, target: "Airtel" });
    await openWizard("airtime", recipientsApi([mum, ported, home]));
    const group = await screen.findByRole("group", { name: "Saved recipients" });
    const buttons = within(group).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual([
      "Mum · 08031234567, MTN",
      "Tunde · 08031112222, Airtel",
    ]);
    // Before the phone field: offered first.
    const phone = screen.getByLabelText("Phone number");
    expect(group.compareDocumentPosition(phone) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(within(group).getByRole("button", { name: /^Tunde/ }));
    expect(phone).toHaveValue("08031112222");
    // The saved network stands, though the prefix suggests MTN.
    await waitFor(() => expect(screen.getByLabelText("Network")).toHaveValue("4"));
    expect(within(group).getByRole("button", { name: /^Tunde/ })).toHaveAttribute("aria-pressed", "true");
  });

  it("show a meter with its company, type and the name from its last check", async () => {
    const user = userEvent.setup();
    await openWizard("electricity", recipientsApi([mum, home]));
    const group = await screen.findByRole("group", { name: "Saved recipients" });
    const button = within(group).getByRole("button");
    expect(button).toHaveTextContent("Home · 45071234567, Ikeja Electric, prepaid, ADEBAYO O.");
    await user.click(button);
    expect(screen.getByLabelText("Meter number")).toHaveValue("45071234567");
    expect(screen.getByLabelText("Electricity company")).toHaveValue("6");
    expect(screen.getByLabelText("Prepaid")).toBeChecked();
  });

  it("fill a smartcard and its provider in the TV wizard, and a number and network in the data wizard", async () => {
    const user = userEvent.setup();
    const decoder = saved({
      nickname: "Sitting room",
      kind: "smartcard",
      number: "7023456789",
      network_id: null,
      provider_id: 2,
      target: "GOtv",
      verified_name: "HAUWA OKONKWO",
    });
    await openWizard("tv", recipientsApi([mum, decoder]));
    const group = await screen.findByRole("group", { name: "Saved recipients" });
    await user.click(
      within(group).getByRole("button", { name: "Sitting room · 7023456789, GOtv, HAUWA OKONKWO" }),
    );
    expect(screen.getByLabelText("TV provider")).toHaveValue("2");
    expect(screen.getByLabelText("Smartcard number")).toHaveValue("7023456789");
    cleanup();

    const airtel = saved({ nickname: "Tunde", number: "08021234567", network_id: 4, target: "Airtel" });
    await openWizard("data", recipientsApi([airtel]));
    await user.click(await screen.findByRole("button", { name: "Tunde · 08021234567, Airtel" }));
    expect(screen.getByLabelText("Phone number")).toHaveValue("08021234567");
    await waitFor(() => expect(screen.getByLabelText("Network")).toHaveValue("4"));
  });

  it("are not offered when there are none, and the form works as before", async () => {
    await openWizard("airtime", recipientsApi([home]));
    await screen.findByLabelText("Phone number");
    expect(screen.queryByRole("group", { name: "Saved recipients" })).toBeNull();
  });

  it("are saved from the confirm step under a nickname, and a refused nickname is said by its field", async () => {
    const user = userEvent.setup();
    const refusal = new ApiFailure(400, "Name this recipient: 1 to 30 characters.", {
      code: "invalid_input",
      fields: { nickname: ["Name this recipient: 1 to 30 characters."] },
    });
    const save = vi
      .fn<RecipientsApi["save"]>()
      .mockRejectedValueOnce(refusal)
      .mockImplementation(async (body) => saved({ ...body } as Partial<Beneficiary>));
    await openWizard("airtime", recipientsApi([], { save }));
    await fillChoice(user, choices.airtime);
    const step = await screen.findByRole("region", { name: "Confirm your purchase" });
    const nickname = await within(step).findByLabelText("Save this recipient as");
    await user.click(within(step).getByRole("button", { name: "Save this recipient" }));
    expect(await within(step).findByText("Name this recipient: 1 to 30 characters.")).toBeVisible();
    expect(nickname).toHaveAttribute("aria-invalid", "true");

    await user.type(nickname, "Mum");
    await user.click(within(step).getByRole("button", { name: "Save this recipient" }));
    expect(save).toHaveBeenLastCalledWith({
      kind: "phone",
      number: "08031234567",
      network_id: 1,
      nickname: "Mum",
    });
    expect(await within(step).findByRole("status")).toHaveTextContent("Saved as Mum.");
    // The PIN is still to be given: saving bought nothing.
    expect(within(step).getByLabelText("Transaction PIN")).toHaveValue("");
  });

  it("say on the confirm step when this recipient is saved already", async () => {
    const user = userEvent.setup();
    await openWizard("airtime", recipientsApi([mum]));
    await screen.findByRole("group", { name: "Saved recipients" });
    await fillChoice(user, choices.airtime);
    const step = await screen.findByRole("region", { name: "Confirm your purchase" });
    expect(await within(step).findByText("Saved as Mum.")).toBeVisible();
    expect(within(step).queryByLabelText("Save this recipient as")).toBeNull();
  });
});

describe("buy again", () => {
  it("opens the wizard filled in from the purchase, and the PIN is still asked", async () => {
    const user = userEvent.setup();
    const again = vi.fn(
      async (): Promise<PurchaseAgain> => ({
        kind: "airtime",
        order: { network_id: 4, phone: "08021234567", amount: 50_000 },
        unavailable: null,
      }),
    );
    const app = await openWizard(
      "airtime",
      recipientsApi([], { again }),
      "?again=7f9c1f7e-8a71-4a40-9d54-0c1b1f0f6a11",
    );
    expect(await screen.findByLabelText("Phone number")).toHaveValue("08021234567");
    expect(again).toHaveBeenCalledWith("7f9c1f7e-8a71-4a40-9d54-0c1b1f0f6a11");
    expect(screen.getByLabelText("Network")).toHaveValue("4");
    expect(screen.getByLabelText("Amount (₦)")).toHaveValue("500");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    const step = await screen.findByRole("region", { name: "Confirm your purchase" });
    expect(within(step).getByLabelText("Transaction PIN")).toHaveValue("");
    expect(app.control.purchase.calls.some((c) => c.id === "submitPurchase")).toBe(false);
  });

  it("says inline when the plan bought before is switched off now", async () => {
    const again = vi.fn(
      async (): Promise<PurchaseAgain> => ({
        kind: "airtime",
        order: { network_id: 1, phone: "08031234567", amount: 50_000 },
        unavailable: "MTN 1GB is not available right now.",
      }),
    );
    await openWizard("airtime", recipientsApi([], { again }), "?again=7f9c1f7e-8a71-4a40-9d54-0c1b1f0f6a11");
    expect(await screen.findByRole("alert")).toHaveTextContent("MTN 1GB is not available right now.");
    expect(screen.getByLabelText("Phone number")).toHaveValue("08031234567");
  });
});

describe("a receipt's Buy again", () => {
  it("leads to the purchase's wizard for a purchase, and is not there for a funding", async () => {
    const bought = transaction({
      kind: "electricity",
      reference: "OJA-ELEC0001",
      description: "Ikeja prepaid",
    });
    await renderSignedIn(
      "/app/transaction-history/OJA-ELEC0001",
      customerWithPin,
      undefined,
      fakeCustomer({ transaction: async () => bought }),
    );
    await heading("Receipt");
    const link = await screen.findByRole("link", { name: "Buy again: Ikeja prepaid" });
    expect(link).toHaveAttribute("href", `/app/utilities?again=${bought.id}`);
    cleanup();

    const fund = funding({ reference: "OJA-FUND0001" });
    await renderSignedIn(
      "/app/transaction-history/OJA-FUND0001",
      customerWithPin,
      undefined,
      fakeCustomer({ transaction: async () => fund }),
    );
    await screen.findByText("OJA-FUND0001");
    expect(screen.queryByRole("link", { name: /^Buy again/ })).toBeNull();
  });
});

describe("the profile's saved recipients", () => {
  it("renames and deletes each", async () => {
    const user = userEvent.setup();
    const api = recipientsApi([mum, home]);
    await renderSignedIn(
      "/app/profile",
      customerWithPin,
      undefined,
      fakeCustomer({ recipients: async () => api }),
    );
    await heading(`${customerWithPin.first_name} ${customerWithPin.last_name}`);
    const section = await screen.findByRole("region", { name: "Saved recipients" });
    expect(await within(section).findByText("Mum · 08031234567, MTN")).toBeVisible();

    await user.click(within(section).getByRole("button", { name: "Rename Mum" }));
    const field = within(section).getByLabelText("New nickname for 08031234567");
    await user.clear(field);
    await user.type(field, "Mama");
    await user.click(within(section).getByRole("button", { name: "Save name" }));
    expect(api.rename).toHaveBeenCalledWith(mum.id, "Mama");

    await user.click(await within(section).findByRole("button", { name: "Delete Home" }));
    expect(within(section).getByText("Delete Home?")).toBeVisible();
    await user.click(within(section).getByRole("button", { name: "Delete" }));
    expect(api.remove).toHaveBeenCalledWith(home.id);
  });
});
