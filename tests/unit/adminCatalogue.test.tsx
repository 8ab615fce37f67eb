import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type {
  StaffAirtimeControl,
  StaffDataPlan,
  StaffDisco,
  StaffTvPlan,
  StaffTvProvider,
} from "../../schemas/catalogueStaff";
import type { AdminApi } from "../../src/api/adminApi";
import { ApiFailure } from "../../src/api/client";
import { staffProfile } from "../support/fixtures";
import { fakeAdmin } from "../support/renderApp";
import { heading, renderSignedIn } from "../support/signedIn";

afterEach(cleanup);

type User = ReturnType<typeof userEvent.setup>;

const open = (path: string, admin: Partial<AdminApi>) =>
  renderSignedIn(path, staffProfile, undefined, undefined, fakeAdmin(admin));

const card = (name: string) => screen.getByRole("region", { name });

async function retype(user: User, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.type(field, value);
}

const airtime: StaffAirtimeControl[] = [
  {
    id: 1,
    network: "MTN",
    enabled: true,
    discount_percent: 2,
    offers: [],
    min_amount: 5_000,
    max_amount: 5_000_000,
  },
  {
    id: 2,
    network: "GLO",
    enabled: true,
    discount_percent: 3,
    offers: [],
    min_amount: 5_000,
    max_amount: 5_000_000,
  },
  {
    id: 3,
    network: "9Mobile",
    enabled: false,
    discount_percent: 3,
    offers: [],
    min_amount: 5_000,
    max_amount: 5_000_000,
  },
  {
    id: 4,
    network: "Airtel",
    enabled: true,
    discount_percent: 2.5,
    offers: [],
    min_amount: 5_000,
    max_amount: 5_000_000,
  },
];

describe("airtime controls", () => {
  it("draws a form per network from the editor schema and saves only what changed", async () => {
    const user = userEvent.setup();
    const airtimeControls = vi.fn(async () => airtime);
    const patchAirtimeControl = vi.fn(async () => airtime[0] as StaffAirtimeControl);
    await open("/admin/manage-airtime", { airtimeControls, patchAirtimeControl });
    await heading("Airtime controls");
    await screen.findByRole("region", { name: "MTN" });
    expect(screen.getAllByRole("button", { name: /^Save / }).map((b) => b.textContent)).toEqual([
      "Save MTN",
      "Save GLO",
      "Save 9Mobile",
      "Save Airtel",
    ]);

    const mtn = within(card("MTN"));
    expect(mtn.getByRole("switch", { name: "On sale" })).toBeChecked();
    expect(within(card("9Mobile")).getByRole("switch", { name: "On sale" })).not.toBeChecked();
    expect(mtn.getByLabelText("Smallest purchase")).toHaveValue("50.00");
    expect(mtn.getByLabelText("Largest purchase")).toHaveValue("50,000.00");

    await retype(user, mtn.getByLabelText("Customer discount"), "2.5");
    await retype(user, mtn.getByLabelText("Largest purchase"), "20,000");
    await user.click(mtn.getByRole("button", { name: "Save MTN" }));
    await waitFor(() =>
      expect(patchAirtimeControl).toHaveBeenCalledWith({
        id: 1,
        discount_percent: 2.5,
        max_amount: 2_000_000,
      }),
    );
    // Saved, the page reads the controls again, so it shows what the server now holds.
    await waitFor(() => expect(airtimeControls).toHaveBeenCalledTimes(2));
  });

  it("says so when nothing changed, without calling the server", async () => {
    const user = userEvent.setup();
    const patchAirtimeControl = vi.fn();
    await open("/admin/manage-airtime", { airtimeControls: async () => airtime, patchAirtimeControl });
    await screen.findByRole("region", { name: "GLO" });
    await user.click(within(card("GLO")).getByRole("button", { name: "Save GLO" }));
    expect(await within(card("GLO")).findByRole("alert")).toHaveTextContent(
      "Nothing to save: no field has changed.",
    );
    expect(patchAirtimeControl).not.toHaveBeenCalled();
  });

  it("refuses bad input in the browser with the schema's words, and shows the server's refusals under the field", async () => {
    const user = userEvent.setup();
    const msg = "Keep the discount below every provider's commission.";
    const patchAirtimeControl = vi.fn(async () => {
      throw new ApiFailure(400, msg, { fields: { discount_percent: [msg] } });
    });
    await open("/admin/manage-airtime", { airtimeControls: async () => airtime, patchAirtimeControl });
    await screen.findByRole("region", { name: "MTN" });
    const mtn = within(card("MTN"));

    const discount = mtn.getByLabelText("Customer discount");
    await retype(user, discount, "120");
    await user.click(mtn.getByRole("button", { name: "Save MTN" }));
    await waitFor(() => expect(discount).toHaveAttribute("aria-invalid", "true"));
    expect(discount).toHaveAccessibleDescription(expect.stringContaining("100"));
    expect(patchAirtimeControl).not.toHaveBeenCalled();

    await retype(user, mtn.getByLabelText("Customer discount"), "5");
    await user.click(mtn.getByRole("button", { name: "Save MTN" }));
    const refused = mtn.getByLabelText("Customer discount");
    await waitFor(() => expect(refused).toHaveAccessibleDescription(expect.stringContaining(msg)));
    expect(refused).toHaveAttribute("aria-invalid", "true");
  });
});

const plans: StaffDataPlan[] = [
  {
    id: 10,
    control_id: 1,
    code: "mtn-1gb-daily",
    name: "1GB Daily (1 day)",
    size: "1GB",
    validity: "1 day",
    category: "daily",
    plan_type: "direct",
    price: 30_000,
    offers: [],
    enabled: true,
    has_sales: false,
  },
  {
    id: 11,
    control_id: 1,
    code: "mtn-10gb-monthly",
    name: "10GB Monthly (30 days)",
    size: "10GB",
    validity: "30 days",
    category: "monthly",
    plan_type: "direct",
    price: 350_000,
    offers: [],
    enabled: true,
    has_sales: true,
  },
];

function dataPlanApi(overrides: Partial<AdminApi> = {}) {
  return {
    dataNetworks: vi.fn(async () => [
      {
        id: 1,
        name: "MTN",
        enabled: true,
        data_ids: [{ provider: "vtpass", label: "VTpass", service_id: "mtn-data" }],
      },
      {
        id: 2,
        name: "GLO",
        enabled: true,
        data_ids: [{ provider: "vtpass", label: "VTpass", service_id: "glo-data" }],
      },
    ]),
    dataPlans: vi.fn(async () => plans),
    ...overrides,
  };
}

describe("a network's data plans", () => {
  it("lists the plans and switches the whole network", async () => {
    const user = userEvent.setup();
    const patchDataNetwork = vi.fn(async () => ({
      id: 1,
      name: "MTN",
      enabled: false,
      data_ids: [],
    }));
    const api = dataPlanApi({ patchDataNetwork });
    await open("/admin/manage-databundle/1", api);
    await heading("MTN data plans");
    // The heading draws before the plans are asked for; the table only once they came.
    const table = await screen.findByRole("table", { name: "Plans" });
    expect(api.dataPlans).toHaveBeenCalledWith(1);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell")[0]?.textContent)).toEqual([
      "1GB Daily (1 day)",
      "10GB Monthly (30 days)",
    ]);
    expect(rows[0]).toHaveTextContent("₦300.00");

    const network = within(card("MTN data"));
    await user.click(await network.findByRole("switch", { name: "On sale" }));
    await user.click(network.getByRole("button", { name: "Save MTN data" }));
    await waitFor(() => expect(patchDataNetwork).toHaveBeenCalledWith({ id: 1, enabled: false }));
  });

  it("adds a plan from the create schema, in kobo, on this network", async () => {
    const user = userEvent.setup();
    const createDataPlan = vi.fn(async () => plans[0] as StaffDataPlan);
    const api = dataPlanApi({ createDataPlan });
    await open("/admin/manage-databundle/1", api);
    await user.click(await screen.findByRole("button", { name: "Add a plan" }));
    const dialog = within(screen.getByRole("dialog", { name: "Add a plan" }));
    // The network is the page's; the form does not ask for it.
    expect(dialog.queryByLabelText("Network")).not.toBeInTheDocument();
    await user.type(dialog.getByLabelText("Our plan code"), "mtn-2gb-7d");
    await user.type(dialog.getByLabelText("Name"), "2GB Weekly (7 days)");
    await user.type(dialog.getByLabelText("Data size"), "2GB");
    await user.type(dialog.getByLabelText("Validity"), "7 days");
    await user.selectOptions(dialog.getByLabelText("Kind of plan"), "Weekly");
    await user.type(dialog.getByLabelText("Price"), "1,200");
    // Its first offer: who sells it, their code for it, what they charge us.
    await user.type(dialog.getByLabelText("Provider"), "vtpass");
    await user.type(dialog.getByLabelText("Provider's plan code"), "mtn-2gb-7d");
    await user.type(dialog.getByLabelText("Provider's cost"), "1,150.50");
    await user.click(dialog.getByRole("button", { name: "Add plan" }));
    await waitFor(() =>
      expect(createDataPlan).toHaveBeenCalledWith({
        control_id: 1,
        code: "mtn-2gb-7d",
        name: "2GB Weekly (7 days)",
        size: "2GB",
        validity: "7 days",
        category: "weekly",
        plan_type: "direct",
        price: 120_000,
        provider: "vtpass",
        variation_code: "mtn-2gb-7d",
        cost: 115_050,
        enabled: true,
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.dataPlans).toHaveBeenCalledTimes(2);
  });

  it("keeps the add dialog open with the schema's message for a badly written size", async () => {
    const user = userEvent.setup();
    const createDataPlan = vi.fn();
    await open("/admin/manage-databundle/1", dataPlanApi({ createDataPlan }));
    await user.click(await screen.findByRole("button", { name: "Add a plan" }));
    const dialog = within(screen.getByRole("dialog", { name: "Add a plan" }));
    await user.type(dialog.getByLabelText("Data size"), "two gigs");
    await user.click(dialog.getByRole("button", { name: "Add plan" }));
    expect(await dialog.findByText("Write the size like 500MB or 1.5GB.")).toBeInTheDocument();
    expect(createDataPlan).not.toHaveBeenCalled();
  });

  it("edits a plan, sending only the changed price", async () => {
    const user = userEvent.setup();
    const patchDataPlan = vi.fn(async () => plans[0] as StaffDataPlan);
    await open("/admin/manage-databundle/1", dataPlanApi({ patchDataPlan }));
    await user.click(await screen.findByRole("button", { name: "Edit 1GB Daily (1 day)" }));
    const dialog = within(screen.getByRole("dialog", { name: "Edit 1GB Daily (1 day)" }));
    expect(dialog.getByLabelText("Data size")).toHaveValue("1GB");
    await retype(user, dialog.getByLabelText("Price"), "350");
    await user.click(dialog.getByRole("button", { name: "Save plan" }));
    await waitFor(() => expect(patchDataPlan).toHaveBeenCalledWith(10, { price: 35_000 }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("marks Delete as destructive, unlike Edit, and so the button that confirms it", async () => {
    const user = userEvent.setup();
    await open("/admin/manage-databundle/1", dataPlanApi({ deleteDataPlan: vi.fn() }));
    const remove = await screen.findByRole("button", { name: "Delete 1GB Daily (1 day)" });
    expect(remove).toHaveClass("danger");
    expect(screen.getByRole("button", { name: "Edit 1GB Daily (1 day)" })).not.toHaveClass("danger");
    await user.click(remove);
    const dialog = within(screen.getByRole("dialog", { name: "Delete 1GB Daily (1 day)?" }));
    expect(dialog.getByRole("button", { name: "Delete" })).toHaveClass("danger");
    expect(dialog.getByRole("button", { name: "Cancel" })).not.toHaveClass("danger");
  });

  it("takes a plan with sales off sale instead of deleting it, and deletes one without", async () => {
    const user = userEvent.setup();
    const deleteDataPlan = vi.fn(async (id: number) => ({ deleted: id === 10, disabled: id === 11 }));
    await open("/admin/manage-databundle/1", dataPlanApi({ deleteDataPlan }));

    await user.click(await screen.findByRole("button", { name: "Delete 10GB Monthly (30 days)" }));
    let dialog = screen.getByRole("dialog", { name: "Delete 10GB Monthly (30 days)?" });
    expect(dialog).toHaveTextContent("it will be taken off sale instead of deleted");
    await user.click(within(dialog).getByRole("button", { name: "Take off sale" }));
    await waitFor(() => expect(deleteDataPlan).toHaveBeenCalledWith(11));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "Delete 1GB Daily (1 day)" }));
    dialog = screen.getByRole("dialog", { name: "Delete 1GB Daily (1 day)?" });
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(deleteDataPlan).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole("button", { name: "Delete 1GB Daily (1 day)" }));
    dialog = screen.getByRole("dialog", { name: "Delete 1GB Daily (1 day)?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(deleteDataPlan).toHaveBeenLastCalledWith(10));
  });
});

const providers: StaffTvProvider[] = [
  { id: 1, name: "DStv", enabled: true, service_fee: 10_000 },
  { id: 2, name: "GOtv", enabled: true, service_fee: 5_000 },
];
const bouquets: StaffTvPlan[] = [
  {
    id: 31,
    control_id: 1,
    code: "dstv-padi",
    name: "DStv Padi",
    price: 250_000,
    offers: [],
    enabled: true,
    has_sales: true,
  },
];

describe("TV providers and bouquets", () => {
  it("edits a provider's fee and opens its bouquets", async () => {
    const user = userEvent.setup();
    const patchTvProvider = vi.fn(async () => providers[0] as StaffTvProvider);
    const tvPlans = vi.fn(async () => bouquets);
    await open("/admin/manage-tv", { tvProviders: async () => providers, patchTvProvider, tvPlans });
    await screen.findByRole("region", { name: "DStv" });
    const dstv = within(card("DStv"));
    expect(dstv.getByLabelText("Service fee")).toHaveValue("100.00");
    await retype(user, dstv.getByLabelText("Service fee"), "150");
    await user.click(dstv.getByRole("button", { name: "Save DStv" }));
    await waitFor(() => expect(patchTvProvider).toHaveBeenCalledWith({ id: 1, service_fee: 15_000 }));

    await user.click(dstv.getByRole("link", { name: "DStv bouquets" }));
    await heading("DStv bouquets");
    // As with data plans: the table, not the heading, says the bouquets were asked for.
    expect(await screen.findByRole("table", { name: "Bouquets" })).toHaveTextContent("DStv Padi");
    expect(tvPlans).toHaveBeenCalledWith(1);
    // Bouquets come from the provider: staff edit them but neither add nor delete them.
    expect(screen.queryByRole("button", { name: /Add a bouquet|Delete/ })).not.toBeInTheDocument();
  });

  it("edits a bouquet's price", async () => {
    const user = userEvent.setup();
    const patchTvPlan = vi.fn(async () => bouquets[0] as StaffTvPlan);
    await open("/admin/manage-tv/1", {
      tvProviders: async () => providers,
      tvPlans: async () => bouquets,
      patchTvPlan,
    });
    await user.click(await screen.findByRole("button", { name: "Edit DStv Padi" }));
    const dialog = within(screen.getByRole("dialog", { name: "Edit DStv Padi" }));
    await retype(user, dialog.getByLabelText("Price"), "2,600");
    await user.click(dialog.getByRole("button", { name: "Save bouquet" }));
    await waitFor(() => expect(patchTvPlan).toHaveBeenCalledWith(31, { price: 260_000 }));
  });

  it("says when a provider does not exist", async () => {
    await open("/admin/manage-tv/9", { tvProviders: async () => providers, tvPlans: async () => [] });
    await heading("No such TV provider");
  });
});

const discos: StaffDisco[] = [
  {
    id: 1,
    name: "Ikeja Electric",
    enabled: true,
    min_amount: 100_000,
    max_amount: 10_000_000,
    service_fee: 10_000,
    offers: [],
  },
];

describe("electricity controls", () => {
  it("switches a disco off", async () => {
    const user = userEvent.setup();
    const patchDisco = vi.fn(async () => discos[0] as StaffDisco);
    await open("/admin/manage-electricity", { discos: async () => discos, patchDisco });
    await heading("Electricity controls");
    const ikeja = within(await screen.findByRole("region", { name: "Ikeja Electric" }));
    await user.click(ikeja.getByRole("switch", { name: "On sale" }));
    await user.click(ikeja.getByRole("button", { name: "Save Ikeja Electric" }));
    await waitFor(() => expect(patchDisco).toHaveBeenCalledWith({ id: 1, enabled: false }));
  });

  it("says when the controls cannot load, and tries again", async () => {
    const user = userEvent.setup();
    const load = vi
      .fn<AdminApi["discos"]>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce(discos);
    await open("/admin/manage-electricity", { discos: load });
    expect(await screen.findByText("We could not load the electricity controls.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("region", { name: "Ikeja Electric" })).toBeInTheDocument();
  });
});
