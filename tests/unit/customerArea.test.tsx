import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiFailure } from "../../src/api/client";
import type { NoticeReadsApi } from "../../src/api/noticeReadsApi";
import { logoutQuestion } from "../../src/components/LogoutModal";
import { customerProfile, customerWithPin, staffProfile, tier1Kyc } from "../support/fixtures";
import { fakeAccounts, fakeCustomer } from "../support/renderApp";
import { heading, renderSignedIn } from "../support/signedIn";
// The profile's forms and modals, which its page fetches after drawing (lazyPart), compiled before the
// first test, so its waits are spent on the page and not on the compiler.
import "../../src/pages/customer/profileParts";

afterEach(cleanup);

describe("the customer area", () => {
  it("sends someone with no session to /auth", async () => {
    const app = await renderSignedIn("/app/dashboard", null);
    await heading("Sign in");
    expect(app.location.history).toContain("/auth/login");
  });

  it("sends staff to their console", async () => {
    const app = await renderSignedIn("/app/dashboard", staffProfile);
    await heading("Dashboard");
    expect(app.location.history.at(-1)).toBe("/admin/dashboard");
  });

  it("opens the dashboard from /app", async () => {
    const app = await renderSignedIn("/app", customerProfile);
    await heading("Dashboard");
    expect(app.location.history.at(-1)).toBe("/app/dashboard");
  });

  it("links every page but the profile from the sidebar, with the year the customer joined", async () => {
    await renderSignedIn("/app/dashboard", customerProfile);
    const nav = await screen.findByRole("navigation", { name: "Customer menu" });
    const links = within(nav)
      .getAllByRole("link")
      .map((a) => a.getAttribute("href"));
    expect(links).toEqual([
      "/app/dashboard",
      "/app/fund-account",
      "/app/airtime-vtu",
      "/app/data-subscriptions",
      "/app/cable-subscriptions",
      "/app/utilities",
      "/app/exam-pins",
      "/app/recharge-pins",
      "/app/bulk",
      "/app/schedules",
      "/app/transaction-history",
    ]);
    expect(nav).toHaveTextContent("Member since 2024");
    expect(within(nav).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  });

  it("names the profile link by the initials and first name it shows (WCAG 2.5.3)", async () => {
    await renderSignedIn("/app/dashboard", customerProfile);
    const avatar = await screen.findByRole("link", { name: "Your profile: NA Ngozi" });
    expect(avatar).toHaveAttribute("href", "/app/profile");
    expect(avatar).not.toHaveAttribute("aria-label");
  });

  it("folds the sidebar behind a menu button on a phone", async () => {
    const user = userEvent.setup();
    await renderSignedIn("/app/dashboard", customerProfile);
    const toggle = await screen.findByRole("button", { name: "Menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await user.click(screen.getByRole("link", { name: "Airtime" }));
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await heading("Buy airtime");
  });

  it("opens the notifications inbox from the top bar", async () => {
    const user = userEvent.setup();
    const notifications = vi.fn(async () => ({
      count: 1,
      page: 1,
      page_size: 20,
      results: [
        {
          id: "5b0f3a57-8a0e-4a43-9d7f-3d2f5a1c9e11",
          title: "New data prices",
          body: "MTN plans are cheaper from Monday.",
          created_at: "2026-11-20T09:00:00.000Z",
        },
      ],
    }));
    const customer = fakeCustomer({
      notifications,
      wallet: () => new Promise(() => {}),
      transactions: () => new Promise(() => {}),
      circulars: async () => [],
      status: () => new Promise(() => {}),
    });
    const app = await renderSignedIn("/app/dashboard", customerProfile, undefined, customer);
    await user.click(await screen.findByRole("link", { name: "Notifications" }));
    await heading("Notifications");
    expect(app.location.history.at(-1)).toBe("/app/notifications");
    expect(await screen.findByRole("heading", { name: "New data prices" })).toBeInTheDocument();
    expect(screen.getByText("MTN plans are cheaper from Monday.")).toBeInTheDocument();
  });

  it("shows the unread count on the bell, clears it once the inbox is opened, and asks again on each page", async () => {
    const user = userEvent.setup();
    const newest = "2026-11-20T09:00:00.000Z";
    const unread = vi
      .fn<NoticeReadsApi["unread"]>()
      .mockResolvedValueOnce({ unread: 2 })
      .mockResolvedValue({ unread: 1 });
    const markRead = vi.fn(async () => ({ unread: 0 }));
    const customer = fakeCustomer({
      noticeReads: async () => ({ unread, markRead }),
      notifications: async () => ({
        count: 2,
        page: 1,
        page_size: 20,
        results: [
          {
            id: "5b0f3a57-8a0e-4a43-9d7f-3d2f5a1c9e11",
            title: "Older",
            body: "A notice.",
            created_at: "2026-11-19T09:00:00.000Z",
          },
          {
            id: "6b0f3a57-8a0e-4a43-9d7f-3d2f5a1c9e11",
            title: "Newer",
            body: "A notice.",
            created_at: newest,
          },
        ],
      }),
      wallet: () => new Promise(() => {}),
      transactions: () => new Promise(() => {}),
      circulars: async () => [],
      status: () => new Promise(() => {}),
    });
    await renderSignedIn("/app/dashboard", customerProfile, undefined, customer);
    const bell = await screen.findByRole("link", { name: "Notifications (2 unread)" });
    expect(bell.querySelector(".inbox-badge")).toHaveTextContent("2");

    await user.click(bell);
    await heading("Notifications");
    await waitFor(() => expect(markRead).toHaveBeenCalledWith({ up_to: newest }));
    const read = await screen.findByRole("link", { name: "Notifications" });
    expect(read.querySelector(".inbox-badge")).toBeNull();
    // The inbox marks what it shows read itself; the bell does not ask there.
    expect(unread).toHaveBeenCalledTimes(1);

    // A broadcast sent meanwhile shows on the next page the customer opens.
    await user.click(
      within(screen.getByRole("navigation", { name: "Customer menu" })).getByRole("link", {
        name: "Dashboard",
      }),
    );
    expect(await screen.findByRole("link", { name: "Notifications (1 unread)" })).toBeInTheDocument();
  });

  it("asks before logging out, and Cancel keeps the session", async () => {
    const user = userEvent.setup();
    const app = await renderSignedIn("/app/dashboard", customerProfile);
    await user.click(await screen.findByRole("button", { name: "Log out" }));
    const dialog = screen.getByRole("dialog", { name: "Log out" });
    expect(dialog).toHaveTextContent(logoutQuestion);
    expect(logoutQuestion).toBe("You are about to log out. Do you want to proceed?");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(app.sessionActor.getSnapshot().matches("signedIn")).toBe(true);

    await user.click(screen.getByRole("button", { name: "Log out" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Log out" }));
    expect(app.location.history.at(-1)).toBe("/auth/login");
    expect(app.sessionActor.getSnapshot().value).toBe("signingOut");
  });

  it("shows a not-found page inside the area for an unknown path", async () => {
    await renderSignedIn("/app/nowhere", customerProfile);
    await heading("Page not found");
  });
});

describe("the profile page", () => {
  it("shows the profile as spec section 2 describes it", async () => {
    const user = userEvent.setup();
    const kyc = async () => tier1Kyc();
    await renderSignedIn(
      "/app/profile",
      { ...customerProfile, has_pin: true, date_of_birth: "1994-07-21" },
      undefined,
      fakeCustomer({ kyc }),
    );
    await heading("Ngozi Adeyemi");
    // The badge and the account status both say "verified" of different things, and each says which.
    expect(screen.getByText("Verified")).toBeInTheDocument();
    expect(screen.getByText("Email confirmed: you can add money and buy.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reset Pin" })).toBeInTheDocument();
    expect(screen.getByLabelText("First name")).toHaveValue("Ngozi");
    expect(screen.getByLabelText("Last name")).toHaveValue("Adeyemi");
    expect(screen.getByLabelText("Phone")).toHaveValue("08031234567");
    expect(screen.getByLabelText("Email")).toHaveValue("ngozi@example.com");
    expect(screen.getByLabelText("Date of birth")).toHaveValue("1994-07-21");
    expect(screen.getByText("3012345678")).toBeInTheDocument();
    expect(await screen.findByText("Not verified: identity not checked yet")).toBeInTheDocument();
    expect(screen.getByText("NIN")).toBeInTheDocument();
    expect(screen.getByText("BVN")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Verify Details" })).toBeInTheDocument();

    const password = screen.getByRole("group", { name: "Password" });
    expect(password).toHaveTextContent("••••••••");
    await user.click(within(password).getByRole("button", { name: "Show password" }));
    expect(password).not.toHaveTextContent("••••••••");
    expect(within(password).getByRole("button", { name: "Hide password" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const pin = screen.getByRole("group", { name: "Transaction PIN" });
    expect(pin).toHaveTextContent("••••");
    await user.click(within(pin).getByRole("button", { name: "Show transaction pin" }));
    expect(pin).toHaveTextContent("Set. Use Reset Pin to change it.");
  });

  it("shows Not Verified when the customer may not transact", async () => {
    await renderSignedIn("/app/profile", { ...customerProfile, can_transact: false });
    await heading("Ngozi Adeyemi");
    expect(screen.getByText("Not Verified")).toBeInTheDocument();
    expect(
      screen.getByText("Adding money and buying are stopped on this account. Please contact support."),
    ).toBeInTheDocument();
  });

  it("updates the profile through PATCH auth/profile/ and shows the answer", async () => {
    const user = userEvent.setup();
    const updateProfile = vi.fn(async () => ({
      ...customerProfile,
      first_name: "Amaka",
      date_of_birth: "1990-01-02",
    }));
    const app = await renderSignedIn("/app/profile", customerProfile, fakeAccounts({ updateProfile }));
    const first = await screen.findByLabelText("First name");
    await user.clear(first);
    await user.type(first, "Amaka");
    await user.type(screen.getByLabelText("Date of birth"), "1990-01-02");
    await user.click(screen.getByRole("button", { name: "Update Profile" }));
    await heading("Amaka Adeyemi");
    expect(updateProfile).toHaveBeenCalledWith({
      first_name: "Amaka",
      last_name: "Adeyemi",
      phone: "08031234567",
      date_of_birth: "1990-01-02",
    });
    expect(app.sessionActor.getSnapshot().context.profile?.first_name).toBe("Amaka");
  });

  it("refuses a bad phone number before sending", async () => {
    const user = userEvent.setup();
    const updateProfile = vi.fn();
    await renderSignedIn("/app/profile", customerProfile, fakeAccounts({ updateProfile }));
    const phone = await screen.findByLabelText("Phone");
    await user.clear(phone);
    await user.type(phone, "0803");
    await user.click(screen.getByRole("button", { name: "Update Profile" }));
    expect(await screen.findByText("Enter a Nigerian mobile number, like 08031234567.")).toBeInTheDocument();
    expect(updateProfile).not.toHaveBeenCalled();
  });

  it("opens the OTP modal once the reset code is sent", async () => {
    const user = userEvent.setup();
    const app = await renderSignedIn("/app/profile", customerWithPin);
    await user.click(await screen.findByRole("button", { name: "Reset Pin" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await act(async () => app.control.pin.settle({ type: "xstate.done.actor.requestCode" }));
    const dialog = screen.getByRole("dialog", { name: "Transaction Pin Reset" });
    expect(dialog).toHaveTextContent("choose a new 4-digit PIN");
    expect(within(dialog).getByLabelText("New PIN")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Code (OTP)")).toHaveFocus();
    expect(within(dialog).getByRole("button", { name: "Resend" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Verify" })).toBeInTheDocument();
  });

  it("calls Reset Pin for a customer without a PIN what it is, setting a first PIN", async () => {
    const user = userEvent.setup();
    const app = await renderSignedIn("/app/profile", customerProfile);
    await user.click(await screen.findByRole("button", { name: "Reset Pin" }));
    await act(async () => app.control.pin.settle({ type: "xstate.done.actor.requestCode" }));
    const dialog = screen.getByRole("dialog", { name: "Set your transaction PIN" });
    expect(dialog).not.toHaveTextContent(/\bnew\b|reset/i);
    expect(within(dialog).getByLabelText("PIN")).toHaveAttribute("type", "password");
    expect(within(dialog).getByLabelText("Code (OTP)")).toHaveFocus();
  });

  it("changes the password with the current one, and shows the server's word on a wrong one", async () => {
    const user = userEvent.setup();
    const changePassword = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiFailure(400, "Your current password is not right. You have 4 tries left.", {
          fields: {
            current_password: ["Your current password is not right. You have 4 tries left."],
          },
        }),
      )
      .mockResolvedValueOnce(null);
    await renderSignedIn("/app/profile", customerProfile, fakeAccounts({ changePassword }));
    const current = await screen.findByLabelText("Current password");
    const fresh = screen.getByLabelText("New password");
    expect(fresh).toHaveAttribute("type", "password");
    await user.type(current, "not it at all");
    await user.type(fresh, "short");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Password must be at least 10 characters.")).toBeInTheDocument();
    expect(changePassword).not.toHaveBeenCalled();
    await user.clear(fresh);
    await user.type(fresh, "a new long secret");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(
      await screen.findByText("Your current password is not right. You have 4 tries left."),
    ).toBeInTheDocument();
    await user.clear(current);
    await user.type(current, "the right one");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(changePassword).toHaveBeenLastCalledWith({
      current_password: "the right one",
      new_password: "a new long secret",
    });
    await vi.waitFor(() => expect(screen.getByLabelText("Current password")).toHaveValue(""));
  });
});
