import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { defaultKycLimits, type KycLimits } from "../../schemas/kyc";
import { type AdminKycStatus, adminKycStatus, type KycStatus } from "../../schemas/kycStatus";
import { type UserDetail, userDetail } from "../../schemas/users";
import type { AdminApi } from "../../src/api/adminApi";
import { ApiFailure } from "../../src/api/client";
import type { CustomerApi } from "../../src/api/customerApi";
import { KycLimitsPanel } from "../../src/pages/admin/KycLimitsPanel";
import UserDetailPage from "../../src/pages/admin/UserDetailPage";
import { customerProfile, tier1Kyc, tier2Kyc } from "../support/fixtures";
import { fakeAdmin, fakeCustomer, renderApp } from "../support/renderApp";
import { heading, renderSignedIn } from "../support/signedIn";
// The profile's forms and modals, which its page fetches after drawing (lazyPart), compiled before the
// first test, so its waits are spent on the page and not on the compiler.
import "../../src/pages/customer/profileParts";

afterEach(cleanup);

// Fixtures go through the shared schemas, so no test feeds a page what the API client would refuse.
const tier1 = (overrides: Partial<KycStatus> = {}): KycStatus =>
  tier1Kyc({ spent_today: 1_250_000, ...overrides });

const tier2 = (overrides: Partial<KycStatus> = {}): KycStatus =>
  tier2Kyc({ spent_today: 1_250_000, ...overrides });

/** A profile that has its date of birth, so Verify Details does not ask for one. */
const datedProfile = { ...customerProfile, date_of_birth: "1992-07-14" };

async function openProfile(customer: Partial<CustomerApi>, profile = customerProfile) {
  const app = await renderSignedIn("/app/profile", profile, undefined, fakeCustomer(customer));
  await heading("Ngozi Adeyemi");
  // The page reads the profile afresh when it opens; answer that, so a later refresh is the modal's.
  if (app.control.session.isRunning("fetchProfile"))
    await act(async () =>
      app.control.session.settle({ type: "xstate.done.actor.fetchProfile", output: profile }),
    );
  const section = screen.getByRole("region", { name: "Wallet and verification" });
  return { app, section };
}

/** The text of the <dd> after a <dt> in a definition list. */
const fact = (within_: HTMLElement, term: string) =>
  within(within_).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

describe("the profile's verification section", () => {
  it("shows a tier 1 account's limits, today's use, and that it is not verified", async () => {
    const { section } = await openProfile({ kyc: vi.fn(async () => tier1()) });
    await within(section).findByText("Tier 1");
    expect(fact(section, "Account tier")).toBe("Tier 1");
    expect(fact(section, "Daily purchase limit")).toBe("₦50,000.00 (₦12,500.00 used today)");
    expect(fact(section, "Wallet maximum balance")).toBe("₦300,000.00");
    expect(fact(section, "Account status")).toBe("Not verified: identity not checked yet");
    expect(fact(section, "NIN")).toBe("Not provided");
    expect(fact(section, "BVN")).toBe("Not provided");
    expect(within(section).getByRole("button", { name: "Verify Details" })).toBeInTheDocument();
  });

  it("offers no Verify Details when the server says a check cannot raise the tier", async () => {
    const { section } = await openProfile({ kyc: vi.fn(async () => tier2({ tier: 3, can_verify: false })) });
    await within(section).findByText("Tier 3");
    expect(fact(section, "Account status")).toBe("Verified: identity checked");
    expect(within(section).queryByRole("button", { name: "Verify Details" })).not.toBeInTheDocument();
  });

  it("says when the tier cannot be read, and tries again", async () => {
    const user = userEvent.setup();
    const kyc = vi
      .fn<CustomerApi["kyc"]>()
      .mockRejectedValueOnce(new ApiFailure(0, "offline"))
      .mockResolvedValue(tier1());
    const { section } = await openProfile({ kyc });
    await within(section).findByText("We could not load your account tier.");
    await user.click(within(section).getByRole("button", { name: "Try again" }));
    expect(await within(section).findByText("Tier 1")).toBeInTheDocument();
  });

  it("verifies a BVN through the modal, then shows tier 2, Verified, and refreshes the session", async () => {
    const user = userEvent.setup();
    const verifyIdentity = vi.fn(async () => tier2());
    const { app, section } = await openProfile({ kyc: vi.fn(async () => tier1()), verifyIdentity });
    await user.click(await within(section).findByRole("button", { name: "Verify Details" }));

    const dialog = screen.getByRole("dialog", { name: "Verify your identity" });
    expect(dialog).toHaveTextContent(
      "Tier 1 accounts can buy up to ₦50,000.00 a day and hold ₦300,000.00. Verifying your BVN or NIN raises this to tier 2.",
    );
    // Focus starts on the choice, and the choice renames the number's field.
    expect(within(dialog).getByRole("radio", { name: "BVN" })).toHaveFocus();
    expect(within(dialog).getByRole("radio", { name: "BVN" })).toBeChecked();
    await user.click(within(dialog).getByRole("radio", { name: "NIN" }));
    await user.click(within(dialog).getByRole("radio", { name: "BVN" }));
    const number = within(dialog).getByLabelText("BVN (11 digits)");
    expect(number).toHaveAttribute("inputmode", "numeric");
    await user.type(number, "22212341234");
    // The profile has no date of birth yet: the check asks for it, and sends nothing without it.
    await user.click(within(dialog).getByRole("button", { name: "Verify" }));
    expect(await within(dialog).findByText("Enter your date of birth.")).toBeInTheDocument();
    expect(verifyIdentity).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText("Date of birth"), "1992-07-14");
    await user.click(within(dialog).getByRole("button", { name: "Verify" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(verifyIdentity).toHaveBeenCalledExactlyOnceWith({
      id_type: "bvn",
      number: "22212341234",
      date_of_birth: "1992-07-14",
    });
    expect(fact(section, "Account tier")).toBe("Tier 2");
    expect(fact(section, "Account status")).toBe("Verified: identity checked");
    expect(fact(section, "Daily purchase limit")).toBe("₦200,000.00 (₦12,500.00 used today)");
    expect(fact(section, "BVN")).toBe("•••••••1234, verified Jan 5, 2026");
    expect(fact(section, "NIN")).toBe("Not provided");
    expect(within(section).queryByRole("button", { name: "Verify Details" })).not.toBeInTheDocument();

    // The session's profile carries the tier too, so it is read again.
    expect(app.control.session.isRunning("fetchProfile")).toBe(true);
    await act(async () =>
      app.control.session.settle({
        type: "xstate.done.actor.fetchProfile",
        output: { ...customerProfile, kyc_tier: 2 },
      }),
    );
    expect(app.sessionActor.getSnapshot().context.profile?.kyc_tier).toBe(2);
  });

  it("asks for the code the registry's phone received after a match, says a wrong one under its field, and verifies with the right one", async () => {
    const user = userEvent.setup();
    const awaiting = tier1({
      details_locked: true,
      confirmation: {
        state: "awaiting_code",
        id_type: "bvn",
        id_last4: "1234",
        phone: "0803 *** **21",
        expires_at: new Date(Date.now() + 600_000).toISOString(),
        resend_at: new Date(Date.now() + 45_000).toISOString(),
      },
    });
    const verifyIdentity = vi.fn(async () => awaiting);
    const confirmIdentityCode = vi
      .fn<CustomerApi["confirmIdentityCode"]>()
      .mockRejectedValueOnce(
        new ApiFailure(400, "That code is not right. You have 4 tries left.", {
          code: "wrong_code",
          fields: { code: ["That code is not right. You have 4 tries left."] },
        }),
      )
      .mockResolvedValue(tier2());
    const { section } = await openProfile(
      { kyc: vi.fn(async () => tier1()), verifyIdentity, confirmIdentityCode },
      datedProfile,
    );
    await user.click(await within(section).findByRole("button", { name: "Verify Details" }));
    const check = screen.getByRole("dialog", { name: "Verify your identity" });
    await user.type(within(check).getByLabelText("BVN (11 digits)"), "22212341234");
    await user.click(within(check).getByRole("button", { name: "Verify" }));

    const step = await screen.findByRole("dialog", { name: "Enter the code" });
    expect(step).toHaveTextContent(
      "We sent a 6-digit code by text message to 0803 *** **21, the phone your bank holds for your BVN (BVN •••••••1234).",
    );
    expect(within(step).getByRole("button", { name: "Resend code" })).toBeDisabled();
    expect(within(step).getByText(/^You can ask for a new code in \d+ seconds\.$/)).toBeInTheDocument();
    const field = within(step).getByLabelText("Code from the text message");
    expect(field).toHaveAttribute("autocomplete", "one-time-code");
    // Not six digits: said under the field, nothing sent.
    await user.type(field, "12a");
    await user.click(within(step).getByRole("button", { name: "Confirm" }));
    expect(
      await within(step).findByText("Enter the 6 digits of the code we sent by text message."),
    ).toBeInTheDocument();
    expect(confirmIdentityCode).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, "000001");
    await user.click(within(step).getByRole("button", { name: "Confirm" }));
    expect(await within(step).findAllByText("That code is not right. You have 4 tries left.")).toHaveLength(
      1,
    );
    await user.clear(field);
    await user.type(field, "123456");
    await user.click(within(step).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(confirmIdentityCode).toHaveBeenLastCalledWith({ code: "123456" });
    expect(fact(section, "Account tier")).toBe("Tier 2");
  });

  it("says a match waits for staff, offering neither a new check nor a correction", async () => {
    const inReview = tier1({
      can_verify: false,
      details_locked: true,
      confirmation: {
        state: "in_review",
        id_type: "nin",
        id_last4: "6666",
        phone: null,
        expires_at: null,
        resend_at: null,
      },
    });
    const { section } = await openProfile({ kyc: vi.fn(async () => inReview) });
    expect(
      await within(section).findByText(
        "Your NIN •••••••6666 matched your details. Staff will confirm it is yours before your tier rises.",
      ),
    ).toBeInTheDocument();
    expect(within(section).queryByRole("button", { name: "Verify Details" })).not.toBeInTheDocument();
    expect(within(section).queryByRole("button", { name: "Ask for a correction" })).not.toBeInTheDocument();
  });

  it("sends a NIN when NIN is chosen", async () => {
    const user = userEvent.setup();
    const verifyIdentity = vi.fn(async () => tier2({ id_type: "nin", id_last4: "9876" }));
    const { section } = await openProfile({ kyc: vi.fn(async () => tier1()), verifyIdentity }, datedProfile);
    await user.click(await within(section).findByRole("button", { name: "Verify Details" }));
    const dialog = screen.getByRole("dialog");
    await user.click(within(dialog).getByRole("radio", { name: "NIN" }));
    await user.type(within(dialog).getByLabelText("NIN (11 digits)"), " 12345678987 ");
    await user.click(within(dialog).getByRole("button", { name: "Verify" }));
    await waitFor(() =>
      expect(verifyIdentity).toHaveBeenCalledWith({ id_type: "nin", number: "12345678987" }),
    );
    await waitFor(() => expect(fact(section, "NIN")).toBe("•••••••9876, verified Jan 5, 2026"));
    expect(fact(section, "BVN")).toBe("Not provided");
  });

  it("sends a verified customer whose details are fixed to support, not to a correction the section does not offer", async () => {
    const { section } = await openProfile({ kyc: vi.fn(async () => tier2()) }, datedProfile);
    await within(section).findByText("Tier 2");
    expect(within(section).queryByRole("button", { name: "Ask for a correction" })).toBeNull();
    const details = screen.getByRole("region", { name: "Personal details" });
    expect(await within(details).findByLabelText("First name")).toHaveAttribute("readonly");
    const hint =
      "Fixed since your identity check verified them. To change them, contact support at support@ojapay.ng.";
    expect(within(details).getByRole("group", { name: "Full name" })).toHaveAccessibleDescription(hint);
    expect(within(details).getByLabelText("Date of birth")).toHaveAccessibleDescription(
      expect.stringContaining(hint),
    );
    expect(details).not.toHaveTextContent("Ask for a correction");
  });

  it("refuses a number that is not 11 digits without asking the server", async () => {
    const user = userEvent.setup();
    const verifyIdentity = vi.fn();
    const { section } = await openProfile({ kyc: vi.fn(async () => tier1()), verifyIdentity });
    await user.click(await within(section).findByRole("button", { name: "Verify Details" }));
    const dialog = screen.getByRole("dialog");
    const number = within(dialog).getByLabelText("BVN (11 digits)");
    await user.type(number, "2221234");
    await user.click(within(dialog).getByRole("button", { name: "Verify" }));
    expect(await within(dialog).findByText("Enter your 11-digit number, digits only.")).toBeInTheDocument();
    expect(number).toHaveAttribute("aria-invalid", "true");
    await user.clear(number);
    await user.type(number, "11111111111");
    await user.click(within(dialog).getByRole("button", { name: "Verify" }));
    expect(await within(dialog).findByText("That is not a real number.")).toBeInTheDocument();
    expect(verifyIdentity).not.toHaveBeenCalled();
  });

  it("shows the server's refusal in the modal and keeps it open", async () => {
    const user = userEvent.setup();
    const refusal = "The name on that BVN does not match the name on your profile.";
    const verifyIdentity = vi
      .fn<CustomerApi["verifyIdentity"]>()
      .mockRejectedValueOnce(new ApiFailure(409, "That number is already linked to another account."))
      .mockRejectedValueOnce(new ApiFailure(400, refusal, { fields: { number: [refusal] } }));
    const { section } = await openProfile({ kyc: vi.fn(async () => tier1()), verifyIdentity }, datedProfile);
    await user.click(await within(section).findByRole("button", { name: "Verify Details" }));
    const dialog = screen.getByRole("dialog");
    const number = within(dialog).getByLabelText("BVN (11 digits)");
    await user.type(number, "22212341234");
    await user.click(within(dialog).getByRole("button", { name: "Verify" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "That number is already linked to another account.",
    );

    // A refusal about the number goes under the number, said once.
    await user.click(within(dialog).getByRole("button", { name: "Verify" }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(number).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getAllByText(refusal)).toHaveLength(1);
    expect(within(dialog).queryByText("That number is already linked to another account.")).toBeNull();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(fact(section, "Account tier")).toBe("Tier 1");

    // Escape closes it, as any modal.
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});

const adminKyc = (overrides: Partial<AdminKycStatus> = {}): AdminKycStatus =>
  adminKycStatus.parse({ ...tier1(), tier_reason: null, ...overrides });

function detail(kyc: AdminKycStatus | null, overrides: Partial<UserDetail> = {}): UserDetail {
  return userDetail.parse({
    ...customerProfile,
    is_active: true,
    kyc,
    kyc_tier: kyc?.tier ?? null,
    recent_transactions: [],
    ...overrides,
  });
}

function openUser(admin: Partial<AdminApi>) {
  renderApp({
    path: `/x/manage-users/${customerProfile.id}`,
    admin: fakeAdmin(admin),
    children: (
      <Route path="/x" nest>
        <UserDetailPage id={customerProfile.id} />
      </Route>
    ),
  });
  return heading("Ngozi Adeyemi");
}

describe("a customer's KYC on their admin page", () => {
  it("shows the tier, how it was set, the checked identity and the limits", async () => {
    await openUser({
      user: async () =>
        detail(
          adminKyc({
            ...tier2(),
            tier: 3,
            tier_source: "admin",
            tier_reason: "Utility bill and ID checked at the Ikeja office",
          }),
        ),
    });
    const kyc = screen.getByRole("region", { name: "KYC" });
    expect(fact(kyc, "Tier")).toBe("Tier 3");
    expect(fact(kyc, "How it was set")).toBe("Set by an admin");
    expect(fact(kyc, "Admin's reason")).toBe("Utility bill and ID checked at the Ikeja office");
    expect(fact(kyc, "Identity")).toBe("BVN ending 1234");
    expect(fact(kyc, "Verified name")).toBe("NGOZI ADEYEMI");
    expect(fact(kyc, "Verified on")).toBe("Jan 5, 2026");
    expect(fact(kyc, "Names and date of birth")).toBe(
      "Fixed by an identity check (corrections go to Identity reviews)",
    );
    expect(fact(kyc, "Daily purchase limit")).toBe("₦200,000.00 (₦12,500.00 used today)");
    expect(fact(kyc, "Wallet maximum balance")).toBe("₦500,000.00");
  });

  it("shows no KYC block for staff", async () => {
    renderApp({
      path: "/x/u",
      admin: fakeAdmin({
        user: async () => detail(null, { first_name: "Tunde", role: "staff", wallet: null }),
      }),
      children: (
        <Route path="/x" nest>
          <UserDetailPage id="u" />
        </Route>
      ),
    });
    await heading("Tunde Adeyemi");
    expect(screen.queryByRole("region", { name: "KYC" })).not.toBeInTheDocument();
  });

  it("changes the tier with a reason, after confirming, and shows the new tier", async () => {
    const user = userEvent.setup();
    const reason = "Utility bill and ID checked at the Ikeja office";
    const changed = detail(adminKyc({ ...tier2(), tier: 3, tier_source: "admin", tier_reason: reason }));
    const userCall = vi
      .fn<AdminApi["user"]>()
      .mockResolvedValueOnce(detail(adminKyc()))
      .mockResolvedValue(changed);
    const setUserTier = vi.fn(async () => changed);
    await openUser({ user: userCall, setUserTier });
    const kyc = screen.getByRole("region", { name: "KYC" });
    const tier = within(kyc).getByLabelText("New tier");
    expect(tier).toHaveValue("1");

    // No reason: the shared schema's words, and no call.
    await user.selectOptions(tier, "3");
    await user.click(within(kyc).getByRole("button", { name: "Continue" }));
    expect(await within(kyc).findByText("Give a reason of at least 5 characters.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    // The tier it has already is no change.
    await user.type(within(kyc).getByLabelText("Reason"), reason);
    await user.selectOptions(tier, "1");
    await user.click(within(kyc).getByRole("button", { name: "Continue" }));
    expect(await within(kyc).findByText("This account is tier 1 already.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await user.selectOptions(tier, "3");
    await user.click(within(kyc).getByRole("button", { name: "Continue" }));
    const dialog = await screen.findByRole("dialog", { name: "Move Ngozi Adeyemi to tier 3?" });
    expect(dialog).toHaveTextContent(reason);
    // Cancel sends nothing.
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(setUserTier).not.toHaveBeenCalled();

    await user.click(within(kyc).getByRole("button", { name: "Continue" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Move to tier 3" }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(setUserTier).toHaveBeenCalledExactlyOnceWith(customerProfile.id, { tier: 3, reason });
    await waitFor(() => expect(fact(kyc, "Tier")).toBe("Tier 3"));
    expect(fact(kyc, "How it was set")).toBe("Set by an admin");
    expect(fact(kyc, "Admin's reason")).toBe(reason);
    expect(within(kyc).getByLabelText("New tier")).toHaveValue("3");
    expect(within(kyc).getByLabelText("Reason")).toHaveValue("");
  });

  it("keeps the confirmation open with a way to try again when the change fails", async () => {
    const user = userEvent.setup();
    const setUserTier = vi
      .fn<AdminApi["setUserTier"]>()
      .mockRejectedValue(new ApiFailure(503, "Something went wrong"));
    await openUser({ user: async () => detail(adminKyc()), setUserTier });
    const kyc = screen.getByRole("region", { name: "KYC" });
    await user.selectOptions(within(kyc).getByLabelText("New tier"), "2");
    await user.type(within(kyc).getByLabelText("Reason"), "BVN checked by phone");
    await user.click(within(kyc).getByRole("button", { name: "Continue" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Move to tier 2" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("The tier was not changed");
    await user.click(within(dialog).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(setUserTier).toHaveBeenCalledTimes(2));
    expect(fact(kyc, "Tier")).toBe("Tier 1");
  });
});

describe("the KYC tier limits panel", () => {
  function openPanel(admin: Partial<AdminApi>) {
    renderApp({ path: "/", admin: fakeAdmin(admin), children: <KycLimitsPanel /> });
    return screen.findByRole("region", { name: "KYC tier limits" });
  }

  it("shows the six limits in naira and saves them in kobo", async () => {
    const user = userEvent.setup();
    const saved: KycLimits = { ...defaultKycLimits, tier1_daily_limit: 7_500_000 };
    const kycLimits = vi
      .fn<AdminApi["kycLimits"]>()
      .mockResolvedValueOnce(defaultKycLimits)
      .mockResolvedValue(saved);
    const setKycLimits = vi.fn(async () => saved);
    const panel = within(await openPanel({ kycLimits, setKycLimits }));
    const daily1 = await panel.findByLabelText("Tier 1: purchases a day");
    expect(daily1).toHaveValue("50,000.00");
    expect(panel.getByLabelText("Tier 1: most the wallet holds")).toHaveValue("300,000.00");
    expect(panel.getByLabelText("Tier 2: purchases a day")).toHaveValue("200,000.00");
    expect(panel.getByLabelText("Tier 2: most the wallet holds")).toHaveValue("500,000.00");
    expect(panel.getByLabelText("Tier 3: purchases a day")).toHaveValue("5,000,000.00");
    expect(panel.getByLabelText("Tier 3: most the wallet holds")).toHaveValue("100,000,000.00");

    await user.clear(daily1);
    await user.type(daily1, "75,000");
    await user.click(panel.getByRole("button", { name: "Save limits" }));
    await waitFor(() => expect(setKycLimits).toHaveBeenCalledExactlyOnceWith(saved));
    await waitFor(() => expect(kycLimits).toHaveBeenCalledTimes(2));
  });

  it("refuses a tier that allows less than the one below, before sending", async () => {
    const user = userEvent.setup();
    const setKycLimits = vi.fn();
    const panel = within(await openPanel({ kycLimits: async () => defaultKycLimits, setKycLimits }));
    const daily2 = await panel.findByLabelText("Tier 2: purchases a day");
    await user.clear(daily2);
    await user.type(daily2, "40,000");
    await user.click(panel.getByRole("button", { name: "Save limits" }));
    expect(await panel.findByText("Must be at least tier 1's.")).toBeInTheDocument();
    expect(setKycLimits).not.toHaveBeenCalled();
  });

  it("says when the limits cannot be read", async () => {
    const panel = within(
      await openPanel({
        kycLimits: async () => {
          throw new ApiFailure(0, "offline");
        },
      }),
    );
    expect(await panel.findByText("We could not load the tier limits.")).toBeInTheDocument();
  });
});
