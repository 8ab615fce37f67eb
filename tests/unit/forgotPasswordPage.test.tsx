import { act, cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiFailure } from "../../src/api/client";
import { fakeSignedOut, renderApp } from "../support/renderApp";

afterEach(cleanup);

async function forgotPage(accounts: Parameters<typeof fakeSignedOut>[0], path = "/auth/forgot-password") {
  const app = renderApp({ path, signedOut: fakeSignedOut(accounts) });
  await act(async () =>
    app.control.session.settle({ type: "xstate.done.actor.restoreSession", output: null }),
  );
  await screen.findByRole("heading", { name: "Forgot password" });
  return { app, user: userEvent.setup() };
}

describe("the forgot password page", () => {
  it("is linked from sign-in", async () => {
    const app = renderApp({ path: "/auth/login" });
    await act(async () =>
      app.control.session.settle({ type: "xstate.done.actor.restoreSession", output: null }),
    );
    expect(await screen.findByRole("link", { name: "Forgot password?" })).toHaveAttribute(
      "href",
      "/auth/forgot-password",
    );
  });

  it("asks for the code, then sets the new password and goes to sign-in with the email filled in", async () => {
    const requestPasswordReset = vi.fn(async () => null);
    const confirmPasswordReset = vi.fn(async () => null);
    const { app, user } = await forgotPage({ requestPasswordReset, confirmPasswordReset });
    await user.type(screen.getByLabelText("Email address"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    await screen.findByRole("heading", { name: "Choose a new password" });
    expect(requestPasswordReset).toHaveBeenCalledWith("ada@example.com");
    await user.type(screen.getByLabelText("Code (OTP)"), "482913");
    await user.type(screen.getByLabelText("New password"), "a fresh long secret");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    await vi.waitFor(() => expect(app.location.history.at(-1)).toBe("/auth/login?email=ada%40example.com"));
    await screen.findByRole("heading", { name: "Sign in" });
    expect(screen.getByLabelText("Email address")).toHaveValue("ada@example.com");
    expect(confirmPasswordReset).toHaveBeenCalledWith({
      email: "ada@example.com",
      code: "482913",
      new_password: "a fresh long secret",
    });
  });

  it("checks the code and password before sending, and shows the server's word under the field", async () => {
    const confirmPasswordReset = vi.fn().mockRejectedValue(
      new ApiFailure(400, "This password is too common.", {
        fields: {
          new_password: ["This password is too common."],
        },
      }),
    );
    const { user } = await forgotPage({
      requestPasswordReset: vi.fn(async () => null),
      confirmPasswordReset,
    });
    await user.type(screen.getByLabelText("Email address"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    await screen.findByRole("heading", { name: "Choose a new password" });
    await user.type(screen.getByLabelText("Code (OTP)"), "12");
    await user.type(screen.getByLabelText("New password"), "short");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText("Code must be the 6 digits we emailed you.")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 10 characters.")).toBeInTheDocument();
    expect(confirmPasswordReset).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText("Code (OTP)"));
    await user.type(screen.getByLabelText("Code (OTP)"), "482913");
    await user.clear(screen.getByLabelText("New password"));
    await user.type(screen.getByLabelText("New password"), "password12345");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText("This password is too common.")).toBeInTheDocument();
  });
});
