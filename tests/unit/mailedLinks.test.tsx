import { act, cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiFailure } from "../../src/api/client";
import { signUpTickets } from "../../src/storage/signUpTickets";
import { fakeAccounts, fakeSignedOut, renderApp } from "../support/renderApp";

afterEach(() => {
  cleanup();
  localStorage.clear();
  window.history.replaceState(null, "", "/");
});

const token = "T".repeat(43);

/** Opens `path` as a mailed link does: the fragment, with the token, is in the browser's address. */
async function openLink(
  path: string,
  fragment: string,
  services: {
    accounts?: Parameters<typeof fakeAccounts>[0];
    signedOut?: Parameters<typeof fakeSignedOut>[0];
  },
) {
  window.history.replaceState(null, "", `/somewhere#${fragment}`);
  const app = renderApp({
    path,
    accounts: fakeAccounts(services.accounts),
    signedOut: fakeSignedOut(services.signedOut),
  });
  await act(async () =>
    app.control.session.settle({ type: "xstate.done.actor.restoreSession", output: null }),
  );
  return { app, user: userEvent.setup() };
}

describe("a password-reset link", () => {
  it("sets the new password with the link's token, takes the token out of the address, and goes to sign-in", async () => {
    const confirmPasswordReset = vi.fn(async () => null);
    const { app, user } = await openLink("/auth/reset-password", `token=${token}`, {
      signedOut: { confirmPasswordReset },
    });
    await screen.findByRole("heading", { name: "Choose a new password" });
    expect(window.location.hash).toBe("");
    await user.type(screen.getByLabelText("New password"), "short");
    await user.click(screen.getByRole("button", { name: "Set password" }));
    expect(await screen.findByText("Password must be at least 10 characters.")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("New password"));
    await user.type(screen.getByLabelText("New password"), "a fresh long secret");
    await user.click(screen.getByRole("button", { name: "Set password" }));
    await vi.waitFor(() => expect(app.location.history.at(-1)).toBe("/auth/login"));
    expect(confirmPasswordReset).toHaveBeenCalledWith({ token, new_password: "a fresh long secret" });
  });

  it("welcomes an invited staff member and sends them to the console's sign-in", async () => {
    const confirmPasswordReset = vi.fn(async () => null);
    const { app, user } = await openLink("/auth/reset-password", `token=${token}&invited=1`, {
      signedOut: { confirmPasswordReset },
    });
    await screen.findByRole("heading", { name: "Choose your password" });
    await user.type(screen.getByLabelText("New password"), "femi chose this one");
    await user.click(screen.getByRole("button", { name: "Set password" }));
    await vi.waitFor(() => expect(app.location.history.at(-1)).toBe("/admin/login"));
  });

  it("says so when the link has no token", async () => {
    await openLink("/auth/reset-password", "", {});
    expect(await screen.findByRole("alert")).toHaveTextContent("This link is incomplete.");
  });
});

describe("a sign-up's confirmation link", () => {
  it("confirms at once in the browser that signed up (it holds the sign-up's ticket)", async () => {
    signUpTickets.remember("ada@example.com", "k".repeat(43));
    const verifyLink = vi.fn(async () => ({ email: "ada@example.com", verified: true as const }));
    const { user } = await openLink("/auth/verify-email", `token=${token}&email=ada%40example.com`, {
      signedOut: { verifyLink },
    });
    await screen.findByText(/Confirm the OjaPay account you signed up for on this device/);
    expect(screen.queryByLabelText("Password")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Confirm my email" }));
    await screen.findByRole("heading", { name: "Your email is confirmed" });
    expect(verifyLink).toHaveBeenCalledWith("ada@example.com", token);
  });

  it("asks another browser for the sign-up's password first, and says when it is wrong", async () => {
    const proveSignUp = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiFailure(400, "Incorrect email or password.", { code: "wrong_credentials" }),
      )
      .mockResolvedValueOnce("ticket");
    const verifyLink = vi.fn(async () => ({ email: "ada@example.com", verified: true as const }));
    const { user } = await openLink("/auth/verify-email", `token=${token}&email=ada%40example.com`, {
      signedOut: { proveSignUp, verifyLink },
    });
    await user.type(await screen.findByLabelText("Password"), "not my password");
    await user.click(screen.getByRole("button", { name: "Confirm my email" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Incorrect email or password.");
    expect(verifyLink).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText("Password"));
    await user.type(screen.getByLabelText("Password"), "ada's own secret");
    await user.click(screen.getByRole("button", { name: "Confirm my email" }));
    await screen.findByRole("heading", { name: "Your email is confirmed" });
    expect(proveSignUp).toHaveBeenLastCalledWith("ada@example.com", "ada's own secret");
    expect(verifyLink).toHaveBeenCalledWith("ada@example.com", token);
  });
});
