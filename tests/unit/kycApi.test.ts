import { describe, expect, it, vi } from "vitest";
import { defaultKycLimits } from "../../schemas/kyc";
import { adminApi } from "../../src/api/adminApi";
import { ApiFailure, createApiClient } from "../../src/api/client";
import { customerApi } from "../../src/api/customerApi";
import { customerProfile, tier2Kyc } from "../support/fixtures";

type Reply = { status: number; body: unknown };

/** The KYC calls over a fake network that answers `reply` and remembers what it was asked. */
function harness(reply: Reply) {
  const requests: Array<{ url: string; method: string; body: unknown }> = [];
  const notices: Array<{ type: string; message: string }> = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    requests.push({
      url,
      method: String(init.method),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
  const client = createApiClient({
    baseURL: "/api",
    getToken: () => "stored-token",
    onSessionExpired: vi.fn(),
    notify: ({ type, message }) => notices.push({ type, message }),
    // Toasted at once, so a refusal the client would toast shows up before the test reads it.
    afterCallers: (raise) => raise(),
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  return { customer: customerApi(client), admin: adminApi(client), requests, notices };
}

const ok = (data: unknown, msg = "Done.") => ({ status: 200, body: { status: true, msg, data } });

const status = tier2Kyc();

describe("the KYC calls", () => {
  it("reads the customer's tier quietly", async () => {
    const { customer, requests, notices } = harness(ok(status));
    await expect(customer.kyc()).resolves.toEqual(status);
    expect(requests).toEqual([{ url: "/api/core/customer/kyc/", method: "GET", body: undefined }]);
    expect(notices).toEqual([]);
  });

  it("sends an identity check and toasts the server's words on success", async () => {
    const msg = "Your BVN matched your name. Your account is now tier 2.";
    const { customer, requests, notices } = harness(ok(status, msg));
    await expect(customer.verifyIdentity({ id_type: "bvn", number: "22212341234" })).resolves.toEqual(status);
    expect(requests).toEqual([
      {
        url: "/api/core/customer/kyc/verify/",
        method: "POST",
        body: { id_type: "bvn", number: "22212341234" },
      },
    ]);
    expect(notices).toEqual([{ type: "success", message: msg }]);
  });

  it("leaves a refused check to the modal, without a toast", async () => {
    const { customer, notices } = harness({
      status: 429,
      body: {
        status: false,
        code: "too_many_attempts",
        msg: "Too many tries. Try again tomorrow.",
        data: null,
      },
    });
    const refused = customer.verifyIdentity({ id_type: "nin", number: "12345678987" });
    await expect(refused).rejects.toBeInstanceOf(ApiFailure);
    await expect(refused).rejects.toMatchObject({
      status: 429,
      code: "too_many_attempts",
      msg: "Too many tries. Try again tomorrow.",
    });
    expect(notices).toEqual([]);
  });

  it("reads and PUTs the tier limits", async () => {
    const { admin, requests } = harness(ok(defaultKycLimits));
    await expect(admin.kycLimits()).resolves.toEqual(defaultKycLimits);
    await admin.setKycLimits(defaultKycLimits);
    expect(requests.map(({ method, url }) => `${method} ${url}`)).toEqual([
      "GET /api/sys.admin/kyc-limits/",
      "PUT /api/sys.admin/kyc-limits/",
    ]);
    expect(requests[1]?.body).toEqual(defaultKycLimits);
  });

  it("sets a user's tier with the reason", async () => {
    const user = {
      ...customerProfile,
      is_active: true,
      kyc: { ...status, tier: 3, tier_source: "admin", tier_reason: "Documents checked" },
      kyc_tier: 3,
      recent_transactions: [],
    };
    const { admin, requests } = harness(ok(user));
    await expect(
      admin.setUserTier(customerProfile.id, { tier: 3, reason: "Documents checked" }),
    ).resolves.toMatchObject({ kyc: { tier: 3 } });
    expect(requests).toEqual([
      {
        url: `/api/sys.admin/users/${customerProfile.id}/kyc/`,
        method: "POST",
        body: { tier: 3, reason: "Documents checked" },
      },
    ]);
  });
});
