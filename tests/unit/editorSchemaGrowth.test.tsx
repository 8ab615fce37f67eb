import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { staffProfile } from "../support/fixtures";
import { withPromoNote } from "../support/promoNoteEditors";
import { fakeAdmin } from "../support/renderApp";
import { renderSignedIn } from "../support/signedIn";

// A field added to one editor schema and nothing else: the catalogue page (loaded lazily, so after
// this) must draw it and send it. tests/server/editorSchemaGrowth.test.ts checks the server's side.
vi.doMock("../../schemas/catalogueEditors", withPromoNote);

afterEach(cleanup);

describe("a field added to an editor schema", () => {
  it("appears on the catalogue page and is sent when changed", async () => {
    const user = userEvent.setup();
    const control = {
      id: 1,
      network: "MTN",
      enabled: true,
      discount_percent: 2,
      offers: [],
      min_amount: 5_000,
      max_amount: 5_000_000,
    };
    const patchAirtimeControl = vi.fn(async () => control);
    await renderSignedIn(
      "/admin/manage-airtime",
      staffProfile,
      undefined,
      undefined,
      fakeAdmin({ airtimeControls: async () => [control], patchAirtimeControl }),
    );
    const mtn = within(await screen.findByRole("region", { name: "MTN" }));
    const note = mtn.getByRole("textbox", { name: /Promo note/ });

    await user.type(note, "far too long, this");
    await user.click(mtn.getByRole("button", { name: "Save MTN" }));
    await waitFor(() => expect(note).toHaveAttribute("aria-invalid", "true"));
    expect(patchAirtimeControl).not.toHaveBeenCalled();

    await user.clear(note);
    await user.type(note, "Xmas");
    await user.click(mtn.getByRole("button", { name: "Save MTN" }));
    await waitFor(() => expect(patchAirtimeControl).toHaveBeenCalledWith({ id: 1, promo_note: "Xmas" }));
  });
});
