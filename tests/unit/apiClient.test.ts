import { describe, expect, it, vi } from "vitest";
import type { RefusalCode } from "../../schemas/refusals";
import { pinContracts } from "../../schemas/routes/pin";
import { statusContracts } from "../../schemas/routes/status";
import { walletContracts } from "../../schemas/routes/wallet";
import { accountsApi } from "../../src/api/accountsApi";
import { ApiFailure, createApiClient, needsBearer, sessionExpiredMessage } from "../../src/api/client";
import { duplicateEmailMessage, signedOutApi } from "../../src/api/signedOutApi";
import { customerProfile } from "../support/fixtures";

type Reply = { status: number; body: unknown };

/** A client over a fake network that answers `reply` and remembers what it was asked. */
function harness(reply: Reply | ((url: string) => Reply), token: string | null = "stored-token") {
  const requests: Array<{ url: string; method: string; headers: Record<string, string>; body: unknown }> = [];
  const raised: Array<{ type: string; message: string; title?: string }> = [];
  const topics: Array<string | undefined> = [];
  // The client toasts a refusal once its caller's handlers have run; here, when the test reads them.
  const waiting: Array<() => void> = [];
  const notices = () => {
    for (const raise of waiting.splice(0)) raise();
    return raised;
  };
  const onSessionExpired = vi.fn();
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    requests.push({
      url,
      method: String(init.method),
      headers: Object.fromEntries(
        Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
      ),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    const { status, body } = typeof reply === "function" ? reply(url) : reply;
    return new Response(typeof body === "string" ? body : JSON.stringify(body), { status });
  });
  const client = createApiClient({
    baseURL: "/api",
    getToken: () => token,
    onSessionExpired,
    notify: ({ topic, ...notice }) => {
      topics.push(topic);
      raised.push(notice);
    },
    afterCallers: (raise) => waiting.push(raise),
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  return {
    client,
    api: accountsApi(client),
    signUp: signedOutApi(client),
    requests,
    notices,
    topics,
    onSessionExpired,
  };
}

const signUpBody = {
  first_name: "A",
  last_name: "B",
  email: "a@example.com",
  phone: "08031234567",
  password: "secret pass",
};

const ok = (data: unknown, msg = "Done.") => ({ status: 200, body: { status: true, msg, data } });
const refused = (status: number, code: RefusalCode, msg: string, extra: object = {}) => ({
  status,
  body: { status: false, code, msg, data: null, ...extra },
});

describe("the Bearer header (spec section 6)", () => {
  it.each([
    ["core/customer/wallet/", true],
    ["sys.admin/users/", true],
    ["customer/pin-reset/request/", true],
    ["auth/profile/", true],
    ["auth/login/", false],
    ["auth/register/", false],
    ["auth/code/verify/", false],
    ["auth/password-reset/", false],
    ["auth/password-reset/confirm/", false],
    // The deliberate exceptions: the server can only act on the session the token names.
    ["auth/logout/", true],
    ["auth/password/change/", true],
    ["auth/totp/setup/", true],
    ["auth/totp/verify/", true],
  ])("%s → %s", (path, expected) => {
    expect(needsBearer(path)).toBe(expected);
  });

  it("goes on a profile fetch and not on a login", async () => {
    const { api, requests } = harness((url) =>
      url.endsWith("auth/login/")
        ? ok({ token: "x".repeat(43), role: "customer", expires_at: "2026-01-01T12:00:00.000Z" })
        : ok(customerProfile),
    );
    await api.profile();
    await api.login({ email: "a@example.com", password: "secret pass" });
    expect(requests[0]).toMatchObject({ url: "/api/auth/profile/", method: "GET" });
    expect(requests[0]?.headers.authorization).toBe("Bearer stored-token");
    expect(requests[1]).toMatchObject({ url: "/api/auth/login/", method: "POST" });
    expect(requests[1]?.headers.authorization).toBeUndefined();
  });

  it("is left off when nothing is stored", async () => {
    const { api, requests } = harness(ok(customerProfile), null);
    await api.profile();
    expect(requests[0]?.headers.authorization).toBeUndefined();
  });

  it("uses the token handed to it over the stored one", async () => {
    const { api, requests } = harness(ok(customerProfile));
    await api.profileFor("fresh-token");
    expect(requests[0]?.headers.authorization).toBe("Bearer fresh-token");
  });
});

describe("a 401 (spec section 8)", () => {
  it.each(["Your session has expired. Kindly sign-in again.", "Session Expired. Please try signing again."])(
    "with the code session_expired ends the session in the spec's words, whatever it said (%j)",
    async (msg) => {
      const { client, notices, onSessionExpired } = harness(refused(401, "session_expired", msg));
      const failure = await client
        .call(pinContracts, "POST /customer/pin-reset/request")
        .catch((e: unknown) => e);
      expect(onSessionExpired).toHaveBeenCalledOnce();
      expect(failure).toBeInstanceOf(ApiFailure);
      expect(failure).toMatchObject({ status: 401, code: "session_expired", msg: sessionExpiredMessage });
      // No toast: the sign-in page it leads to says the spec's words (tests/e2e/notices.test.ts).
      expect(notices()).toEqual([]);
    },
  );

  it("met by several requests sent with the same session, ends it once", async () => {
    const { client, api, notices, onSessionExpired } = harness(
      refused(401, "session_expired", sessionExpiredMessage),
    );
    const failures = await Promise.all([
      api.profile().catch((e: unknown) => e),
      client.call(walletContracts, "GET /core/customer/wallet").catch((e: unknown) => e),
      client.call(walletContracts, "GET /core/customer/transactions").catch((e: unknown) => e),
    ]);
    for (const failure of failures)
      expect(failure).toMatchObject({ status: 401, code: "session_expired", msg: sessionExpiredMessage });
    expect(onSessionExpired).toHaveBeenCalledOnce();
    // No toast: the sign-in page it leads to says the spec's words (tests/e2e/notices.test.ts).
    expect(notices()).toEqual([]);
  });

  it.each([
    ["under another code", { code: "no_credentials" }],
    ["with no code at all", {}],
    ["with a code this build does not know", { code: "token_revoked" }],
  ])("ends the session when its words say so %s, whichever of the two it says", async (_, extra) => {
    for (const msg of [
      "Your session has expired. Kindly sign-in again.",
      "Session Expired. Please try signing again.",
    ]) {
      const { client, notices, onSessionExpired } = harness({
        status: 401,
        body: { status: false, msg, data: null, ...extra },
      });
      const failure = await client.call(walletContracts, "GET /core/customer/wallet").catch((e) => e);
      expect(onSessionExpired).toHaveBeenCalledOnce();
      expect(failure).toMatchObject({ status: 401, code: "session_expired", msg: sessionExpiredMessage });
      // No toast: the sign-in page it leads to says the spec's words (tests/e2e/notices.test.ts).
      expect(notices()).toEqual([]);
    }
  });

  it("keeps the session on a 401 with other words and no code, and shows those words", async () => {
    const { client, notices, onSessionExpired } = harness({
      status: 401,
      body: { status: false, msg: "Invalid token header. No credentials provided." },
    });
    const failure = await client.call(walletContracts, "GET /core/customer/wallet").catch((e) => e);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(failure).toMatchObject({
      status: 401,
      code: undefined,
      msg: "Invalid token header. No credentials provided.",
    });
    expect(notices()).toEqual([{ type: "error", message: "Invalid token header. No credentials provided." }]);
  });

  it("on the profile fetch always ends the session, whatever it says, in the spec's words", async () => {
    const { api, notices, onSessionExpired } = harness(
      refused(401, "no_credentials", "Authentication credentials were not provided."),
    );
    await expect(api.profile()).rejects.toMatchObject({ status: 401, msg: sessionExpiredMessage });
    expect(onSessionExpired).toHaveBeenCalledOnce();
    // No toast: the sign-in page it leads to says the spec's words (tests/e2e/notices.test.ts).
    expect(notices()).toEqual([]);
  });

  it("with another message elsewhere only shows that message", async () => {
    const { client, notices, onSessionExpired } = harness(
      refused(401, "no_credentials", "Authentication credentials were not provided."),
    );
    await expect(client.call(walletContracts, "GET /core/customer/wallet")).rejects.toBeInstanceOf(
      ApiFailure,
    );
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(notices()).toEqual([{ type: "error", message: "Authentication credentials were not provided." }]);
  });
});

describe("other outcomes (spec section 7)", () => {
  it("shows the server's msg as a success notice for a write and answers the data", async () => {
    const { api, notices } = harness(ok(null, "We sent a 6-digit code to your email."));
    await expect(api.requestPinReset()).resolves.toBeNull();
    expect(notices()).toEqual([{ type: "success", message: "We sent a 6-digit code to your email." }]);
  });

  it("keeps reads quiet when they succeed", async () => {
    const { api, notices } = harness(ok(customerProfile, "Profile retrieved."));
    await expect(api.profile()).resolves.toEqual(customerProfile);
    expect(notices()).toEqual([]);
  });

  it("shows the server's msg when a call fails", async () => {
    const { api, notices } = harness(
      refused(429, "rate_limited", "Please wait 40 seconds before asking for another code."),
    );
    const failure = await api.requestPinReset().catch((e) => e);
    expect(failure).toMatchObject({
      status: 429,
      code: "rate_limited",
      msg: "Please wait 40 seconds before asking for another code.",
    });
    expect(notices()).toEqual([
      { type: "error", message: "Please wait 40 seconds before asking for another code." },
    ]);
  });

  it("says 'Something went wrong (Server)' for a 500 on login", async () => {
    const { api, notices } = harness(refused(500, "unexpected", "Something went wrong"));
    await expect(api.login({ email: "a@example.com", password: "secret pass" })).rejects.toMatchObject({
      status: 500,
    });
    expect(notices()).toEqual([{ type: "error", message: "Something went wrong (Server)" }]);
  });

  it("keeps the server's msg for a login refusal that is not a 500", async () => {
    const { api, notices } = harness(refused(400, "wrong_credentials", "Incorrect email or password."));
    await expect(api.login({ email: "a@example.com", password: "secret pass" })).rejects.toBeInstanceOf(
      ApiFailure,
    );
    expect(notices()).toEqual([{ type: "error", message: "Incorrect email or password." }]);
  });

  it("titles a failed code verification 'An error occurred'", async () => {
    const { signUp, notices } = harness(
      refused(400, "wrong_code", "That code is not right. You have 4 tries left."),
    );
    await expect(signUp.verifyCode("a@example.com", "123456")).rejects.toBeInstanceOf(ApiFailure);
    expect(notices()).toEqual([
      {
        type: "error",
        title: "An error occurred",
        message: "That code is not right. You have 4 tries left.",
      },
    ]);
  });

  it("shows 'User with this email already exists' when register is refused with email_taken", async () => {
    const { signUp, notices } = harness(
      refused(409, "email_taken", "An account already uses this email.", {
        fields: { email: ["An account already uses this email."] },
      }),
    );
    const failure = await signUp.register(signUpBody).catch((e) => e);
    expect(failure).toMatchObject({
      code: "email_taken",
      fields: { email: ["An account already uses this email."] },
    });
    expect(notices()).toEqual([{ type: "error", message: duplicateEmailMessage }]);
    expect(duplicateEmailMessage).toBe("User with this email already exists");
  });

  it("sends the body as JSON and names the field errors it gets back", async () => {
    const { api, requests } = harness(
      refused(400, "invalid_input", "Enter a Nigerian mobile number, like 08031234567.", {
        fields: { phone: ["Enter a Nigerian mobile number, like 08031234567."] },
      }),
    );
    const failure = await api.updateProfile({ phone: "123" }).catch((e) => e);
    expect(requests[0]).toMatchObject({ method: "PATCH", body: { phone: "123" } });
    expect(requests[0]?.headers["content-type"]).toBe("application/json");
    expect(failure.fields).toEqual({ phone: ["Enter a Nigerian mobile number, like 08031234567."] });
  });

  it("explains a network failure instead of crashing", async () => {
    const client = createApiClient({
      baseURL: "/api",
      getToken: () => null,
      onSessionExpired: vi.fn(),
      notify: vi.fn(),
      fetch: (async () => {
        throw new TypeError("Failed to fetch");
      }) as unknown as typeof fetch,
    });
    await expect(client.call(statusContracts, "GET /status")).rejects.toMatchObject({
      status: 0,
      msg: "We could not reach OjaPay. Check your connection and try again.",
    });
  });

  it("refuses an answer its schema does not accept", async () => {
    const { api, notices } = harness(ok({ first_name: "only this" }));
    await expect(api.profile()).rejects.toBeInstanceOf(ApiFailure);
    expect(notices()[0]?.message).toMatch(/not understood/);
  });

  it.each([
    ["no code", { status: false, msg: "This plan is sold out for today.", data: null }],
    [
      "a code this build does not know",
      { status: false, code: "plan_sold_out", msg: "This plan is sold out for today." },
    ],
    ["only a msg", { msg: "This plan is sold out for today." }],
  ])("shows the msg of a refusal with %s, not 'Something went wrong'", async (_, body) => {
    const { client, notices } = harness({ status: 409, body });
    await expect(client.call(walletContracts, "GET /core/customer/wallet")).rejects.toMatchObject({
      status: 409,
      msg: "This plan is sold out for today.",
      code: undefined,
    });
    expect(notices()).toEqual([{ type: "error", message: "This plan is sold out for today." }]);
  });

  it("does not toast a refusal the screen shows, and toasts one it does not", async () => {
    const { client, notices } = harness(
      refused(400, "invalid_input", "Enter an amount.", { fields: { amount: ["Enter an amount."] } }),
    );
    const placed = await client.call(walletContracts, "GET /core/customer/wallet").catch((e) => e);
    expect(placed.showOnScreen()).toBe(false);
    expect(placed.showOnScreen()).toBe(true);
    expect(notices()).toEqual([]);
    await client.call(walletContracts, "GET /core/customer/wallet").catch(() => {});
    expect(notices()).toEqual([{ type: "error", message: "Enter an amount." }]);
  });

  it("gives each notice its endpoint as topic, or the flow's, so a new one replaces the last", async () => {
    const { client, signUp, topics, notices } = harness(
      refused(400, "wrong_code", "That code is not right."),
    );
    await client.call(walletContracts, "GET /core/customer/wallet").catch(() => {});
    await signUp.resendCode("a@example.com").catch(() => {});
    notices();
    expect(topics).toEqual(["GET /core/customer/wallet", "sign-up"]);
  });

  it("reads the spec's taken-email refusal, which has no code, as 'User with this email already exists'", async () => {
    const { signUp, notices } = harness({
      status: 400,
      body: {
        status: false,
        msg: "Bad request",
        fields: { email: ["custom user with this email already exists."] },
      },
    });
    const failure = await signUp.register(signUpBody).catch((e) => e);
    expect(failure).toMatchObject({
      code: undefined,
      fields: { email: ["custom user with this email already exists."] },
    });
    expect(notices()).toEqual([{ type: "error", message: duplicateEmailMessage }]);
  });

  it("copes with a server that answers HTML", async () => {
    const { client, notices } = harness({ status: 502, body: "<html>Bad gateway</html>" });
    await expect(client.call(statusContracts, "GET /status")).rejects.toMatchObject({
      status: 502,
    });
    expect(notices()).toEqual([{ type: "error", message: "Something went wrong" }]);
  });
});
