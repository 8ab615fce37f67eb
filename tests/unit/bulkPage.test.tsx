import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BulkPreview, BulkPreviewBody } from "../../schemas/bulk";
import type { BulkApi } from "../../src/api/bulkApi";
import { ApiFailure } from "../../src/api/client";
import { customerWithPin } from "../support/fixtures";
import { airtimeCatalogue, dataCatalogue } from "../support/purchaseFixtures";
import { fakeCustomer } from "../support/renderApp";
import { heading, renderSignedIn } from "../support/signedIn";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const verdicts = (body: BulkPreviewBody): BulkPreview => ({
  kind: body.kind,
  count: body.rows.length,
  good: body.rows.length,
  total: 9_800 * body.rows.length,
  balance: 1_000_000,
  covered: true,
  rows: body.rows.map((row, index) => ({
    row: index + 1,
    ok: true,
    price: 9_800,
    description: `MTN airtime for ${row.phone}`,
  })),
});

async function openBulk(preview: BulkApi["preview"] = async (body) => verdicts(body)) {
  const previewFn = vi.fn(preview);
  const customer = fakeCustomer({
    airtimeControls: async () => airtimeCatalogue.controls,
    dataNetworks: async () => dataCatalogue.networks,
    dataPlans: async (id) => dataCatalogue.plans.filter((plan) => plan.control_id === id),
    bulk: async () => ({ preview: previewFn }) as unknown as BulkApi,
  });
  await renderSignedIn("/app/bulk", customerWithPin, undefined, customer);
  await heading("Bulk top-up");
  await screen.findByLabelText("Phone numbers");
  return { preview: previewFn, user: userEvent.setup() };
}

describe("the bulk top-up page", { timeout: 20_000 }, () => {
  it("labels every field and offers a data network's own plans as the default", async () => {
    const { user } = await openBulk();
    for (const label of [
      "Airtime",
      "Data",
      "Network",
      "Amount for each (₦)",
      "Phone numbers",
      "Or read a CSV file",
    ])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    await user.click(screen.getByLabelText("Data"));
    await user.selectOptions(screen.getByLabelText("Network"), "MTN");
    const plans = within(screen.getByLabelText("Plan"))
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(plans).toEqual([
      "Each line says",
      ...dataCatalogue.plans.filter((p) => p.control_id === 1).map((p) => expect.stringContaining(p.name)),
    ]);
  });

  it("sends the lines it can read as ids, and shows the one it cannot on its row without Buy all", async () => {
    const { preview, user } = await openBulk();
    await user.selectOptions(screen.getByLabelText("Network"), "MTN");
    await user.type(screen.getByLabelText("Amount for each (₦)"), "100");
    await user.type(screen.getByLabelText("Phone numbers"), "08031111111{Enter}08032222222, Vodafone, 100");
    await user.click(screen.getByRole("button", { name: "Check" }));
    const table = await screen.findByRole("table");
    expect(preview).toHaveBeenCalledWith({
      kind: "airtime",
      rows: [{ phone: "08031111111", network_id: 1, amount: 10_000 }],
    });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("MTN airtime, ₦100.00");
    expect(rows[1]).toHaveTextContent('We do not know the network "Vodafone".');
    expect(screen.queryByRole("button", { name: "Buy all" })).toBeNull();
  });

  it("offers Buy all for a good list, and marks the check out of date once the list changes", async () => {
    const { user } = await openBulk();
    await user.type(screen.getByLabelText("Phone numbers"), "08031111111, MTN, 100");
    await user.click(screen.getByRole("button", { name: "Check" }));
    await screen.findByRole("button", { name: "Buy all" });
    await user.type(screen.getByLabelText("Phone numbers"), "{Enter}08031111112, MTN, 100");
    expect(screen.getByText(/The list has changed since this check/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Buy all" })).toBeNull();
  });

  it("reads an uploaded CSV into the box, and says a failed check once, under the list", async () => {
    const { user } = await openBulk(async () => {
      throw new ApiFailure(0, "We could not reach OjaPay. Check your connection and try again.");
    });
    const file = new File(["\uFEFFphone,network,amount\r\n08031111111,MTN,100\r\n"], "list.csv", {
      type: "text/csv",
    });
    await user.upload(screen.getByLabelText("Or read a CSV file"), file);
    // The file's text as read (its byte-order mark dropped by the decoding), ready to fix in place.
    await waitFor(() =>
      expect((screen.getByLabelText("Phone numbers") as HTMLTextAreaElement).value).toMatch(
        /^phone,network,amount\r?\n08031111111,MTN,100/,
      ),
    );
    await user.click(screen.getByRole("button", { name: "Check" }));
    await screen.findByText(/could not reach OjaPay/);
    expect(screen.getAllByText(/could not reach OjaPay/)).toHaveLength(1);
  });
});
