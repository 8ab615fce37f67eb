import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "../../schemas/auth";
import type { ProvidersOverview } from "../../schemas/providers";
import type { AdminApi } from "../../src/api/adminApi";
import { ApiFailure } from "../../src/api/client";
import { staffProfile } from "../support/fixtures";
import { overviewFixture, providerFixture, routeFixture, vendorFixture } from "../support/providersFixture";
import { fakeAdmin } from "../support/renderApp";
import { heading, renderSignedIn } from "../support/signedIn";

afterEach(cleanup);

const adminProfile: Profile = { ...staffProfile, role: "admin", first_name: "Bisi" };

async function openProviders(admin: Partial<AdminApi>, { loads = true } = {}) {
  const app = await renderSignedIn("/admin/providers", adminProfile, undefined, undefined, fakeAdmin(admin));
  await heading("Providers");
  if (loads) await screen.findByRole("heading", { level: 2, name: "Routes" });
  return app;
}

const card = (name: string) => within(screen.getByRole("region", { name }));

/** Each row of a service's route table: its route's name and its providers' names in order. */
function routeRows(service: string) {
  const table = screen.getByRole("table", { name: `${service} routes` });
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [
      within(row).getByRole("rowheader").textContent,
      within(row)
        .getAllByRole("listitem")
        .map((item) => item.querySelector(".route-provider-name")?.textContent),
    ]);
}

describe("the Providers page", () => {
  it("shows each provider's switch, circuit, balance, health and settings, and every route in order", async () => {
    await openProviders({
      providers: vi.fn(async () =>
        overviewFixture({
          providers: [
            providerFixture({ balance: 4_000_000, low: true }),
            vendorFixture({
              switched_off: true,
              balance: null,
              balance_error: "Could not read the balance: 087",
              balance_checked_at: null,
            }),
          ],
        }),
      ),
    });
    const vtpass = card("VTpass");
    expect(await vtpass.findByRole("switch", { name: "Buy from VTpass" })).toBeChecked();
    expect(vtpass.getByText("Closed")).toBeInTheDocument();
    expect(vtpass.getByText("₦40,000.00")).toBeInTheDocument();
    expect(vtpass.getByText(/Low: below ₦50,000\.00/)).toBeInTheDocument();
    const health = (term: string) =>
      vtpass.getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
    expect([health("Delivered"), health("Failed"), health("Unclear"), health("Delivered share")]).toEqual([
      "45",
      "3",
      "2",
      "90%",
    ]);
    expect([health("p50"), health("p95")]).toEqual(["420 ms", "1,850 ms"]);
    // The settings form is drawn from the shared schema: naira for the warning, the limits' titles.
    expect(vtpass.getByLabelText(/Warn when the balance is below/)).toHaveValue("50,000.00");
    expect(vtpass.getByLabelText("Skip below this success rate (%)")).toHaveValue(0);
    expect(vtpass.getByLabelText("Failures in a row that open the circuit")).toHaveValue(5);
    expect(vtpass.getByLabelText("Minutes the circuit stays open")).toHaveValue(5);
    expect(vtpass.queryByRole("button", { name: /circuit$/ })).not.toBeInTheDocument();

    const vendor = card("SME-data vendor");
    expect(vendor.getByRole("switch", { name: "Buy from SME-data vendor" })).not.toBeChecked();
    expect(vendor.getByText(/^Switched off/)).toBeInTheDocument();
    expect(vendor.getByText("Could not read the balance: 087")).toBeInTheDocument();

    expect(routeRows("Airtime")).toEqual([
      ["Airtime", ["VTpass", "SME-data vendor"]],
      ["MTN airtime", ["VTpass", "SME-data vendor"]],
    ]);
    expect(routeRows("Data")).toEqual([["MTN data, SME", ["SME-data vendor", "VTpass"]]]);
    expect(routeRows("Exam PINs")).toEqual([["Exam PINs", ["VTpass", "SME-data vendor"]]]);
    // The first cannot move up nor the last down.
    expect(screen.getByRole("button", { name: "Move VTpass up for MTN airtime" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Move SME-data vendor down for MTN airtime" })).toBeDisabled();
    // Only a saved route can go back to the default.
    expect(
      screen.queryByRole("button", { name: "Use default order for MTN airtime" }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Use default order for MTN data, SME" })).toBeInTheDocument();
  });

  it("switches a provider off at once and shows the answer", async () => {
    const user = userEvent.setup();
    const changeProvider = vi.fn(async () =>
      overviewFixture({ providers: [providerFixture({ switched_off: true }), vendorFixture()] }),
    );
    await openProviders({ providers: vi.fn(async () => overviewFixture()), changeProvider });
    await user.click(await card("VTpass").findByRole("switch", { name: "Buy from VTpass" }));
    expect(changeProvider).toHaveBeenCalledWith("vtpass", { switched_off: true });
    expect(await card("VTpass").findByText(/^Switched off/)).toBeInTheDocument();
    expect(card("VTpass").getByRole("switch", { name: "Buy from VTpass" })).not.toBeChecked();
  });

  it("closes an open circuit", async () => {
    const user = userEvent.setup();
    const open = providerFixture({
      circuit: {
        ...providerFixture().circuit,
        state: "open",
        failures_in_row: 5,
        open_until: "2026-01-05T09:05:00.000Z",
      },
    });
    const changeProvider = vi.fn(async () => overviewFixture());
    await openProviders({
      providers: vi.fn(async () => overviewFixture({ providers: [open, vendorFixture()] })),
      changeProvider,
    });
    expect(await card("VTpass").findByText("Open: skipped")).toBeInTheDocument();
    await user.click(card("VTpass").getByRole("button", { name: "Close VTpass's circuit" }));
    expect(changeProvider).toHaveBeenCalledWith("vtpass", { close_circuit: true });
    expect(await card("VTpass").findByText("Closed")).toBeInTheDocument();
  });

  it("saves only the settings that changed, in kobo", async () => {
    const user = userEvent.setup();
    const changeProvider = vi.fn(async () =>
      overviewFixture({ providers: [providerFixture({ low_balance_warning: 2_000_000 }), vendorFixture()] }),
    );
    await openProviders({ providers: vi.fn(async () => overviewFixture()), changeProvider });
    const vtpass = card("VTpass");
    const warning = await vtpass.findByLabelText(/Warn when the balance is below/);
    await user.clear(warning);
    await user.type(warning, "20,000");
    await user.click(vtpass.getByRole("button", { name: "Save VTpass's settings" }));
    await vi.waitFor(() =>
      expect(changeProvider).toHaveBeenCalledWith("vtpass", { low_balance_warning: 2_000_000 }),
    );
  });

  it("moves a provider up at once, saving the route's new order, and keeps focus on it", async () => {
    const user = userEvent.setup();
    const moved = overviewFixture({
      routes: [
        routeFixture({ scope: "", label: "Airtime" }),
        routeFixture({ providers: ["msorg", "vtpass"], saved: true }),
      ],
    });
    const saveRoute = vi.fn(async (): Promise<ProvidersOverview> => moved);
    await openProviders({ providers: vi.fn(async () => overviewFixture()), saveRoute });
    await user.click(await screen.findByRole("button", { name: "Move SME-data vendor up for MTN airtime" }));
    expect(saveRoute).toHaveBeenCalledWith({
      service: "airtime",
      scope: "1",
      providers: ["msorg", "vtpass"],
    });
    await vi.waitFor(() =>
      expect(routeRows("Airtime")).toEqual([
        ["Airtime", ["VTpass", "SME-data vendor"]],
        ["MTN airtime", ["SME-data vendor", "VTpass"]],
      ]),
    );
    // At the top it cannot go up again: focus goes to its other button, not to the page.
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole("button", { name: "Move SME-data vendor down for MTN airtime" }),
      ),
    );
    await user.click(screen.getByRole("button", { name: "Use default order for MTN airtime" }));
    expect(saveRoute).toHaveBeenLastCalledWith({ service: "airtime", scope: "1", providers: [] });
  });

  it("shows a refusal's words where the change was made, and keeps the order it had", async () => {
    const user = userEvent.setup();
    const saveRoute = vi.fn(async (): Promise<ProvidersOverview> => {
      throw new ApiFailure(400, "No such network.", { fields: { scope: ["No such network."] } });
    });
    const changeProvider = vi.fn(async (): Promise<ProvidersOverview> => {
      throw new ApiFailure(400, "Check the highlighted fields.", {
        fields: { switched_off: ["A provider cannot be switched off now."] },
      });
    });
    await openProviders({ providers: vi.fn(async () => overviewFixture()), saveRoute, changeProvider });
    await user.click(await screen.findByRole("button", { name: "Move VTpass down for MTN airtime" }));
    const table = within(screen.getByRole("table", { name: "Airtime routes" }));
    expect(await table.findByRole("alert")).toHaveTextContent("Not saved: No such network.");
    expect(routeRows("Airtime")[1]).toEqual(["MTN airtime", ["VTpass", "SME-data vendor"]]);

    await user.click(card("VTpass").getByRole("switch", { name: "Buy from VTpass" }));
    const refusal = await card("VTpass").findByRole("alert");
    expect(refusal).toHaveTextContent("Not saved: Check the highlighted fields.");
    expect(refusal).toHaveTextContent("A provider cannot be switched off now.");
    expect(card("VTpass").getByRole("switch", { name: "Buy from VTpass" })).toBeChecked();
    // The route's refusal has gone: only the latest change's words show.
    expect(table.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says when the providers cannot be loaded", async () => {
    await openProviders(
      {
        providers: vi.fn(async () => {
          throw new ApiFailure(503, "Unavailable");
        }),
      },
      { loads: false },
    );
    expect(await screen.findByText("We could not load the providers.")).toBeInTheDocument();
  });

  it("is the admins' alone", async () => {
    await renderSignedIn("/admin/providers", staffProfile, undefined, undefined, fakeAdmin({}));
    expect(await heading("Not for your role")).toBeInTheDocument();
  });
});
