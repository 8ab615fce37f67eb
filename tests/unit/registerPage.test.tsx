import { act, cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiFailure } from "../../src/api/client";
import { fakeSignedOut, renderApp } from "../support/renderApp";

afterEach(cleanup);

async function registerPage(register = vi.fn()) {
  const app = renderApp({ path: "/auth/register", signedOut: fakeSignedOut({ register }) });
  await act(async () =>
    app.control.session.settle({ type: "xstate.done.actor.restoreSession", output: null }),
  );
  await screen.findByRole("heading", { name: "Create your account" });
  return { app, user: userEvent.setup(), register };
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

const good = {
  "First name": "Chidi",
  "Last name": "Eze",
  "Email address": "chidi@example.com",
  "Phone number": "+2348051234567",
  Password: "chidi password",
};

describe("the register page", () => {
  it("checks the form with the shared schema before sending anything", async () => {
    const { user, register } = await registerPage();
    await fill(user, {
      ...good,
      "First name": "",
      "Email address": "chidi@",
      "Phone number": "12345",
      Password: "short",
    });
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("First name is required.")).toBeInTheDocument();
    expect(screen.getByText("Enter a valid email address.")).toBeInTheDocument();
    expect(screen.getByText("Enter a Nigerian mobile number, like 08031234567.")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 10 characters.")).toBeInTheDocument();
    expect(screen.getByLabelText("First name")).toHaveAttribute("aria-invalid", "true");
    expect(register).not.toHaveBeenCalled();
  });

  it("sends the normalised details and opens the verify modal", async () => {
    const register = vi.fn(async () => ({ email: "chidi@example.com", ticket: "t".repeat(43) }));
    const { user } = await registerPage(register);
    await fill(user, { ...good, "Email address": "  Chidi@Example.com " });
    await user.click(screen.getByRole("button", { name: "Create account" }));
    const dialog = await screen.findByRole("dialog", { name: "Verify your email" });
    expect(dialog).toHaveTextContent("chidi@example.com");
    expect(register).toHaveBeenCalledWith({
      first_name: "Chidi",
      last_name: "Eze",
      email: "chidi@example.com",
      phone: "08051234567",
      password: "chidi password",
      referral_code: undefined,
    });
  });

  it("shows 'User with this email already exists' under the email for a taken address", async () => {
    const register = vi.fn(async () => {
      throw new ApiFailure(409, "An account already uses this email.", {
        code: "email_taken",
        fields: { email: ["An account already uses this email."] },
      });
    });
    const { user } = await registerPage(register);
    await fill(user, good);
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("User with this email already exists")).toBeInTheDocument();
    expect(screen.getByLabelText("Email address")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("takes a referral code from the link", async () => {
    const register = vi.fn(async () => ({ email: "chidi@example.com", ticket: "t".repeat(43) }));
    const app = renderApp({ path: "/auth/register?ref=NGOZI234", signedOut: fakeSignedOut({ register }) });
    await act(async () =>
      app.control.session.settle({ type: "xstate.done.actor.restoreSession", output: null }),
    );
    expect(await screen.findByLabelText("Referral code (optional)")).toHaveValue("NGOZI234");
  });
});
