import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "../../schemas/auth";
import { type StaffExamProduct, staffExamProduct } from "../../schemas/examProductStaff";
import type { AdminApi } from "../../src/api/adminApi";
import { ApiFailure } from "../../src/api/client";
import { staffProfile } from "../support/fixtures";
import { fakeAdmin } from "../support/renderApp";
import { heading, renderSignedIn } from "../support/signedIn";

afterEach(cleanup);

const adminProfile: Profile = { ...staffProfile, role: "admin", first_name: "Bisi" };
const open = (profile: Profile, admin: Partial<AdminApi>) =>
  renderSignedIn("/admin/manage-exam-pins", profile, undefined, undefined, fakeAdmin(admin));

const offer = (provider: string, label: string, cost: number, variation_code: string | null) => ({
  provider,
  label,
  configured: true,
  service_id: provider === "msorg" ? "WAEC" : "waec",
  variation_code,
  cost,
  commission_percent: 0,
  enabled: true,
});

// Parsed, so no test feeds the page what the API client would refuse.
const products: StaffExamProduct[] = [
  staffExamProduct.parse({
    id: 1,
    exam: "waec",
    code: "waec-result",
    name: "WAEC Result Checker",
    face_value: 390_000,
    price: 400_000,
    needs_profile: false,
    enabled: true,
    sort_order: 1,
    has_sales: true,
    offers: [
      offer("msorg", "SME-data vendor", 380_000, null),
      offer("vtpass", "VTpass", 384_150, "waecdirect"),
    ],
  }),
  staffExamProduct.parse({
    id: 5,
    exam: "jamb",
    code: "jamb-utme-mock",
    name: "JAMB UTME PIN (with mock)",
    face_value: 770_000,
    price: 770_000,
    needs_profile: true,
    enabled: false,
    sort_order: 5,
    has_sales: false,
    offers: [],
  }),
];

const rowOf = (name: string) => {
  const cell = screen.getByText(name, { selector: "td" });
  return cell.closest("tr") as HTMLElement;
};

describe("the Exam PINs page", () => {
  it("lists each PIN's exam body, face value, price, profile rule, position, offers and switch", async () => {
    await open(adminProfile, { examProducts: async () => products });
    await heading("Exam PINs");
    await screen.findByText("WAEC Result Checker", { selector: "td" });
    const waec = within(rowOf("WAEC Result Checker"));
    for (const [label, text] of [
      ["Exam body", "WAEC"],
      ["Face value", "₦3,900.00"],
      ["Price", "₦4,000.00"],
      ["Profile ID", "Not needed"],
      ["Position", "1"],
      ["Sales", "Yes"],
    ] as const) {
      expect(waec.getByText(text, { selector: `td[data-label="${label}"]` })).toBeInTheDocument();
    }
    expect(rowOf("WAEC Result Checker")).toHaveTextContent("VTpass ₦3,841.50");
    const jamb = rowOf("JAMB UTME PIN (with mock)");
    expect(jamb).toHaveTextContent("Checked first");
    expect(jamb).toHaveTextContent("No provider: cannot be bought");
    expect(jamb).toHaveTextContent("Inactive");
  });

  it("adds a PIN from the editor schema, saying JAMB's price rule under the price before sending", async () => {
    const user = userEvent.setup();
    const createExamProduct = vi.fn(async () => products[1] as StaffExamProduct);
    await open(adminProfile, { examProducts: async () => products, createExamProduct });
    await user.click(await screen.findByRole("button", { name: "Add an exam PIN" }));
    const dialog = within(screen.getByRole("dialog", { name: "Add an exam PIN" }));
    await user.selectOptions(dialog.getByLabelText("Exam body"), "jamb");
    await user.type(dialog.getByLabelText("Our code"), "jamb-de-2027");
    await user.type(dialog.getByLabelText("Name"), "JAMB Direct Entry 2027");
    await user.type(dialog.getByLabelText("Face value"), "6,200");
    await user.type(dialog.getByLabelText("Price"), "6,500");
    await user.click(dialog.getByRole("button", { name: "Add exam PIN" }));
    await waitFor(() => expect(dialog.getByLabelText("Price")).toHaveAttribute("aria-invalid", "true"));
    expect(
      dialog.getByText("JAMB's PINs may not be sold above JAMB's own price: at most ₦6,200.00."),
    ).toBeInTheDocument();
    expect(createExamProduct).not.toHaveBeenCalled();

    await user.clear(dialog.getByLabelText("Price"));
    await user.type(dialog.getByLabelText("Price"), "6,200");
    await user.click(dialog.getByRole("button", { name: "Add exam PIN" }));
    await waitFor(() =>
      expect(createExamProduct).toHaveBeenCalledWith({
        exam: "jamb",
        code: "jamb-de-2027",
        name: "JAMB Direct Entry 2027",
        face_value: 620_000,
        price: 620_000,
        sort_order: 0,
        enabled: false,
      }),
    );
  });

  it("edits a PIN, sending only what changed, and puts the server's refusal under its field", async () => {
    const user = userEvent.setup();
    const msg = "Another exam PIN already uses that code.";
    const patchExamProduct = vi
      .fn()
      .mockRejectedValueOnce(new ApiFailure(400, msg, { fields: { code: [msg] } }))
      .mockResolvedValue(products[0]);
    await open(adminProfile, { examProducts: async () => products, patchExamProduct });
    await user.click(await screen.findByRole("button", { name: "Edit WAEC Result Checker" }));
    const dialog = within(screen.getByRole("dialog", { name: "Edit WAEC Result Checker" }));
    await user.clear(dialog.getByLabelText("Our code"));
    await user.type(dialog.getByLabelText("Our code"), "neco-result");
    await user.click(dialog.getByRole("button", { name: "Save exam PIN" }));
    await waitFor(() => expect(dialog.getByText(msg)).toBeInTheDocument());
    expect(patchExamProduct).toHaveBeenCalledWith(1, { code: "neco-result" });
    // Its offers are edited in the same dialog, as a bouquet's are.
    expect(dialog.getByRole("heading", { name: "Who sells WAEC Result Checker" })).toBeInTheDocument();
    expect(dialog.getByText("waecdirect")).toBeInTheDocument();

    await user.clear(dialog.getByLabelText("Our code"));
    await user.type(dialog.getByLabelText("Our code"), "waec-result-2027");
    await user.click(dialog.getByLabelText("On sale"));
    await user.click(dialog.getByRole("button", { name: "Save exam PIN" }));
    await waitFor(() =>
      expect(patchExamProduct).toHaveBeenLastCalledWith(1, { code: "waec-result-2027", enabled: false }),
    );
  });

  it("shows staff the list and who sells each PIN, without Add or Edit, and says who edits", async () => {
    await open(staffProfile, { examProducts: async () => products });
    await screen.findByText("WAEC Result Checker", { selector: "td" });
    expect(screen.getByText(/Admins add and edit exam PINs/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Add an exam PIN|^Edit / })).not.toBeInTheDocument();
    expect(rowOf("WAEC Result Checker")).toHaveTextContent("SME-data vendor ₦3,800.00");
  });

  it("is in the console's sidebar for staff and admins, beside its transactions", async () => {
    await open(staffProfile, { examProducts: async () => products });
    const nav = screen.getByRole("navigation", { name: "Admin menu" });
    expect(within(nav).getByRole("link", { name: "Exam PINs" })).toHaveAttribute(
      "href",
      "/admin/manage-exam-pins",
    );
    expect(within(nav).getByRole("link", { name: "Exam PIN transactions" })).toHaveAttribute(
      "href",
      "/admin/exam-pin-transactions",
    );
  });

  it("adds an exam PIN's offer with a cost per PIN, the vendor's without a plan code", async () => {
    const user = userEvent.setup();
    const added = offer("msorg", "SME-data vendor", 700_000, null);
    const putOffer = vi.fn(async () => added);
    await open(adminProfile, { examProducts: async () => products, putOffer });
    await user.click(await screen.findByRole("button", { name: "Edit JAMB UTME PIN (with mock)" }));
    const dialog = within(screen.getByRole("dialog", { name: "Edit JAMB UTME PIN (with mock)" }));
    const offers = within(dialog.getByRole("region", { name: "Who sells JAMB UTME PIN (with mock)" }));
    expect(offers.getByText(/No provider sells it/)).toBeInTheDocument();
    await user.click(offers.getByRole("button", { name: "Add an offer for JAMB UTME PIN (with mock)" }));
    const form = within(offers.getByRole("region", { name: "New offer for JAMB UTME PIN (with mock)" }));
    await user.type(form.getByLabelText("Provider"), "msorg");
    await user.type(form.getByLabelText("Provider's id for the network, cable or disco"), "JAMB");
    await user.type(form.getByLabelText("Cost"), "7,000");
    await user.click(form.getByRole("button", { name: "Add offer" }));
    await waitFor(() =>
      expect(putOffer).toHaveBeenCalledWith({
        service: "exam_pin",
        product_id: 5,
        provider: "msorg",
        service_id: "JAMB",
        cost: 700_000,
        enabled: true,
      }),
    );
    expect(
      await offers.findByRole("table", { name: "Offers for JAMB UTME PIN (with mock)" }),
    ).toHaveTextContent("₦7,000.00");
  });
});
