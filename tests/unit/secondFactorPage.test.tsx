import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiFailure } from "../../src/api/client";
import { staffProfile } from "../support/fixtures";
import { fakeAccounts, fakeAdmin } from "../support/renderApp";
import { heading, renderSignedIn } from "../support/signedIn";

afterEach(cleanup);

const codes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-ijkl-mn${String.fromCharCode(97 + i)}2`);

describe("two-step sign-in before the console", () => {
  it("sets an authenticator up: QR code and key, first code, recovery codes once, then the console", async () => {
    const user = userEvent.setup();
    const totpSetup = vi.fn(async () => ({
      secret: "JBSWY3DPEHPK3PXP",
      otpauth_uri: "otpauth://x",
      qr_svg: "<svg></svg>",
    }));
    const totpConfirm = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiFailure(400, "That code is not right. You have 4 tries left.", {
          fields: {
            code: ["That code is not right. You have 4 tries left."],
          },
        }),
      )
      .mockResolvedValueOnce({ recovery_codes: codes });
    const app = await renderSignedIn(
      "/admin/dashboard",
      { ...staffProfile, second_factor: "setup" },
      fakeAccounts({ totpSetup, totpConfirm }),
      undefined,
      fakeAdmin(),
    );
    await heading("Set up two-step sign-in");
    await user.click(screen.getByRole("button", { name: "Show the QR code" }));
    const qr = await screen.findByRole("img", { name: "QR code to scan with your authenticator app" });
    expect(qr.getAttribute("src")).toBe(`data:image/svg+xml;utf8,${encodeURIComponent("<svg></svg>")}`);
    expect(screen.getByText("JBSWY3DPEHPK3PXP")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Authenticator code"), "12345");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    expect(
      await screen.findByText("Enter the 6-digit code from your authenticator app, or a recovery code."),
    ).toBeInTheDocument();
    expect(totpConfirm).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText("Authenticator code"));
    await user.type(screen.getByLabelText("Authenticator code"), "000000");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByText("That code is not right. You have 4 tries left.")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Authenticator code"));
    await user.type(screen.getByLabelText("Authenticator code"), "482913");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    await heading("Save your recovery codes");
    const list = screen.getByRole("list", { name: "Recovery codes" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(codes);
    await user.click(screen.getByRole("button", { name: "I have saved them: open the console" }));
    expect(app.sessionActor.getSnapshot().matches({ signedIn: "refreshing" })).toBe(true);
    await act(async () =>
      app.control.session.settle({ type: "xstate.done.actor.fetchProfile", output: staffProfile }),
    );
    expect(screen.queryByRole("heading", { name: "Save your recovery codes" })).not.toBeInTheDocument();
  });

  it("asks a set-up account for its code, and lets the person sign out instead", async () => {
    const user = userEvent.setup();
    const totpVerify = vi.fn(async () => null);
    const app = await renderSignedIn(
      "/admin/dashboard",
      { ...staffProfile, second_factor: "code" },
      fakeAccounts({ totpVerify }),
      undefined,
      fakeAdmin(),
    );
    await heading("Two-step sign-in");
    await user.type(screen.getByLabelText("Authenticator code"), " ABCD-EFGH-IJKL-MNOP ");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(totpVerify).toHaveBeenCalledWith("abcd-efgh-ijkl-mnop");
    expect(app.sessionActor.getSnapshot().matches({ signedIn: "refreshing" })).toBe(true);
    await user.click(screen.getByRole("button", { name: "Sign out" }));
    expect(app.sessionActor.getSnapshot().matches("signingOut")).toBe(true);
  });
});
