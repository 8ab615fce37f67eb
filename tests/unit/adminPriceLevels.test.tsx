import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "../../schemas/auth";
import type { LevelCap, PriceLevel, PriceLevelInConsole } from "../../schemas/levels";
import type { AdminApi } from "../../src/api/adminApi";
import { priceLevelOf, staffProfile } from "../support/fixtures";
import { fakeAdmin } from "../support/renderApp";
import { heading, renderSignedIn } from "../support/signedIn";

afterEach(cleanup);

const adminProfile: Profile = { ...staffProfile, role: "admin", first_name: "Bisi" };

const level = (
  slug: PriceLevel["slug"],
  position: number,
  name: string,
  percent: number,
  fee: number,
): PriceLevelInConsole =>
  priceLevelOf(slug, position, name, {
    upgrade_fee: fee,
    airtime_percent: percent,
    data_sme_percent: percent,
    data_corporate_gifting_percent: percent,
    data_gifting_percent: percent,
    data_direct_percent: percent,
    api_access: slug === "reseller" || slug === "api",
  });
const fourLevels = [
  level("customer", 1, "Customer", 0, 0),
  level("agent", 2, "Agent", 1, 100_000),
  level("reseller", 3, "Reseller", 2, 500_000),
  level("api", 4, "API", 2.5, 1_000_000),
];

describe("the Price levels page", () => {
  it("shows each level with its fee and discounts, and saves one as the admin changed it", async () => {
    const patchLevel = vi.fn(async (slug: PriceLevel["slug"], body: object) => ({
      ...fourLevels[2],
      ...body,
      slug,
    })) as unknown as AdminApi["patchLevel"];
    const levels = vi.fn(async () => fourLevels);
    await renderSignedIn(
      "/admin/price-levels",
      adminProfile,
      undefined,
      undefined,
      fakeAdmin({ levels, patchLevel }),
    );
    await heading("Price levels");
    const reseller = within(await screen.findByRole("region", { name: "Reseller" }));
    expect(reseller.getByText("Upgrade fee ₦5,000.00 · may hold API keys")).toBeInTheDocument();
    expect(
      within(screen.getByRole("region", { name: "Customer" })).getByText("No upgrade fee"),
    ).toBeInTheDocument();

    const airtime = reseller.getByLabelText("Airtime discount");
    expect(airtime).toHaveValue(2);
    await userEvent.clear(airtime);
    await userEvent.type(airtime, "3.5");
    await userEvent.click(reseller.getByRole("button", { name: "Save Reseller" }));
    await vi.waitFor(() => expect(patchLevel).toHaveBeenCalledTimes(1));
    expect(patchLevel).toHaveBeenCalledWith(
      "reseller",
      expect.objectContaining({ airtime_percent: 3.5, data_sme_percent: 2, upgrade_fee: 500_000 }),
    );
    // The page reads the levels again after a save.
    await vi.waitFor(() => expect(levels).toHaveBeenCalledTimes(2));
  });

  it("refuses a discount over 100% in the admin's words before anything is sent", async () => {
    const patchLevel = vi.fn() as unknown as AdminApi["patchLevel"];
    await renderSignedIn(
      "/admin/price-levels",
      adminProfile,
      undefined,
      undefined,
      fakeAdmin({ levels: vi.fn(async () => fourLevels), patchLevel }),
    );
    const agent = within(await screen.findByRole("region", { name: "Agent" }));
    const tv = agent.getByLabelText("Cable TV discount");
    await userEvent.clear(tv);
    await userEvent.type(tv, "150");
    await userEvent.click(agent.getByRole("button", { name: "Save Agent" }));
    expect(await agent.findByRole("alert")).toBeInTheDocument();
    expect(patchLevel).not.toHaveBeenCalled();
  });
  it("says per product where cost caps a level's discount and by how much, folding a long list", async () => {
    const cap = (product: string, service: LevelCap["service"], given: number): LevelCap => ({
      service,
      product,
      asked_percent: 2.5,
      given_percent: given,
      fee_from: null,
    });
    const api = {
      ...(fourLevels[3] as PriceLevelInConsole),
      capped: [
        cap("MTN airtime", "airtime", 0.5),
        ...["500MB", "1GB", "2GB", "5GB", "10GB"].map((size, i) =>
          cap(`MTN ${size} Monthly`, "data_sme", 1 + i / 10),
        ),
        {
          service: "electricity" as const,
          product: "Ikeja Electric (IKEDC)",
          asked_percent: 2.5,
          given_percent: 0.02,
          fee_from: 400_000,
        },
      ],
    };
    await renderSignedIn(
      "/admin/price-levels",
      adminProfile,
      undefined,
      undefined,
      fakeAdmin({ levels: vi.fn(async () => [...fourLevels.slice(0, 3), api]) }),
    );
    const card = within(await screen.findByRole("region", { name: "API" }));
    expect(card.getByRole("heading", { name: "Where cost caps the discount" })).toBeInTheDocument();
    expect(card.getByText("MTN airtime").parentElement).toHaveTextContent(
      "MTN airtime: 2.5% asked, 0.5% given: capped at cost",
    );
    expect(card.getByText("Ikeja Electric (IKEDC)").parentElement).toHaveTextContent(
      "Ikeja Electric (IKEDC): 2.5% asked: from ₦4,000.00 the whole fee and no more (0.02% at the largest amount)",
    );
    const sme = card.getByText("SME data").closest("summary");
    expect(sme).toHaveTextContent("SME data: 5 products capped (2.5% asked, 1% to 1.4% given)");
    expect(card.getByText("MTN 1GB Monthly").parentElement).toHaveTextContent(
      "MTN 1GB Monthly: 2.5% asked, 1.1% given: capped at cost",
    );
    // A level whose discounts are all given whole says so; one with none says nothing about caps.
    const agent = within(screen.getByRole("region", { name: "Agent" }));
    expect(agent.getByText("Every product on sale gets Agent's whole discount.")).toBeInTheDocument();
    const customer = within(screen.getByRole("region", { name: "Customer" }));
    expect(customer.queryByRole("heading", { name: "Where cost caps the discount" })).toBeNull();
  });

  it("edits a level's exam PIN discount and says where cost caps it", async () => {
    const patchLevel = vi.fn(async (slug: PriceLevel["slug"], body: object) => ({
      ...fourLevels[1],
      ...body,
      slug,
    })) as unknown as AdminApi["patchLevel"];
    const agent = {
      ...(fourLevels[1] as PriceLevelInConsole),
      airtime_percent: 0,
      data_sme_percent: 0,
      data_corporate_gifting_percent: 0,
      data_gifting_percent: 0,
      data_direct_percent: 0,
      exam_pin_percent: 3,
      capped: [
        {
          service: "exam_pin" as const,
          product: "JAMB UTME PIN (with mock)",
          asked_percent: 3,
          given_percent: 1.5,
          fee_from: null,
        },
      ],
    };
    await renderSignedIn(
      "/admin/price-levels",
      adminProfile,
      undefined,
      undefined,
      fakeAdmin({ levels: vi.fn(async () => [fourLevels[0] as PriceLevelInConsole, agent]), patchLevel }),
    );
    const card = within(await screen.findByRole("region", { name: "Agent" }));
    expect(card.getByText("JAMB UTME PIN (with mock)").parentElement).toHaveTextContent(
      "JAMB UTME PIN (with mock): 3% asked, 1.5% given: capped at cost",
    );
    const exam = card.getByLabelText("Exam PIN discount");
    expect(exam).toHaveValue(3);
    await userEvent.clear(exam);
    await userEvent.type(exam, "1.25");
    await userEvent.click(card.getByRole("button", { name: "Save Agent" }));
    await vi.waitFor(() =>
      expect(patchLevel).toHaveBeenCalledWith("agent", expect.objectContaining({ exam_pin_percent: 1.25 })),
    );
  });
});
