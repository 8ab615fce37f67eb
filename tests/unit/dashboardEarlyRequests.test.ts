import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accountsApi } from "../../src/api/accountsApi";
import { createApiClient } from "../../src/api/client";
import { customerApi } from "../../src/api/customerApi";
import {
  dashboardReads,
  sendDashboardReads,
  takeEarlyResponse,
} from "../../src/pages/customer/dashboardEarlyRequests";
import { clientStore } from "../../src/storage/clientStore";
import { customerProfile, staffProfile } from "../support/fixtures";
import { wallet } from "../support/transactionFixtures";

const urls = dashboardReads.map((path) => `/api/${path}`);
const bearer = (token: string) => ({ method: "GET", headers: { authorization: `Bearer ${token}` } });

/** The server, as fetch sees it: every answer the envelope around `data`. */
const server = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
  Response.json({ status: true, msg: "ok", data: wallet() }),
);

beforeEach(() => {
  vi.stubGlobal("fetch", server);
  // The answers left untaken are let go on a timer (the sweep): each test runs it itself.
  vi.useFakeTimers();
});

afterEach(() => {
  // Whatever a test left waiting is taken and swept, so the next starts clean.
  for (const token of ["token-of-ngozi", "token-of-femi", "token-of-staff"])
    for (const url of urls) takeEarlyResponse(url, bearer(token));
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
  server.mockClear();
  vi.unstubAllGlobals();
});

function saveSession(token: string, profile = customerProfile) {
  clientStore.write("token", token);
  clientStore.write("userData", profile);
  clientStore.write("isAuth", true);
}

describe("what the app asks for first, sent as the dashboard's HTML arrives", () => {
  it("lets go of the answers the app never took, five seconds after it first asks", async () => {
    const cancel = vi.spyOn(ReadableStream.prototype, "cancel");
    saveSession("token-of-ngozi");
    sendDashboardReads("/app/dashboard");
    await takeEarlyResponse("/api/core/customer/wallet/", bearer("token-of-ngozi"));
    await vi.advanceTimersByTimeAsync(4_900);
    expect(cancel).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(cancel).toHaveBeenCalledTimes(urls.length - 1);
    // Let go: the app asking for one now asks the server afresh.
    expect(takeEarlyResponse("/api/auth/profile/", bearer("token-of-ngozi"))).toBeUndefined();
  });

  it("is sent for a customer's saved session at the dashboard, with the token, and each answer is taken once", async () => {
    saveSession("token-of-ngozi");
    sendDashboardReads("/app/dashboard");
    expect(server.mock.calls.map(([url]) => url)).toEqual(urls);
    for (const [, init] of server.mock.calls)
      expect(new Headers(init?.headers).get("authorization")).toBe("Bearer token-of-ngozi");

    const taken = takeEarlyResponse("/api/core/customer/wallet/", bearer("token-of-ngozi"));
    expect(taken).toBeDefined();
    await expect(taken?.then((res) => res.json())).resolves.toMatchObject({ data: wallet() });
    // A second ask (a retry) asks the server afresh.
    expect(takeEarlyResponse("/api/core/customer/wallet/", bearer("token-of-ngozi"))).toBeUndefined();
  });

  it("is never given to another session than the one it was sent with, nor to a write", () => {
    saveSession("token-of-ngozi");
    sendDashboardReads("/app");
    expect(takeEarlyResponse("/api/core/customer/wallet/", bearer("token-of-femi"))).toBeUndefined();
    expect(
      takeEarlyResponse("/api/core/customer/wallet/", { ...bearer("token-of-ngozi"), method: "POST" }),
    ).toBeUndefined();
    expect(takeEarlyResponse("/api/core/customer/wallet/", {})).toBeUndefined();
  });

  it("is not sent elsewhere, without a saved session, or for staff", () => {
    saveSession("token-of-ngozi");
    sendDashboardReads("/app/profile");
    localStorage.clear();
    sendDashboardReads("/app/dashboard");
    saveSession("token-of-staff", staffProfile);
    sendDashboardReads("/app/dashboard");
    clientStore.write("isAuth", false);
    sendDashboardReads("/app/dashboard");
    expect(server).not.toHaveBeenCalled();
  });

  it("asks for exactly what the API client asks for when the app opens there, which then takes the answers", async () => {
    const asked: string[] = [];
    const client = createApiClient({
      baseURL: "/api",
      getToken: () => "token-of-ngozi",
      onSessionExpired: () => {},
      notify: () => {},
      fetch: async (url) => {
        asked.push(String(url));
        return Response.json({ status: true, msg: "ok", data: null });
      },
    });
    const customer = customerApi(client);
    await Promise.allSettled([
      accountsApi(client).profile(),
      customer.wallet(),
      customer.transactions({ page: 1, page_size: 5 }),
      customer.circulars(),
      customer.status(),
    ]);
    expect(asked).toEqual(urls);

    saveSession("token-of-ngozi");
    sendDashboardReads("/app/dashboard");
    const answering = createApiClient({
      baseURL: "/api",
      getToken: () => "token-of-ngozi",
      onSessionExpired: () => {},
      notify: () => {},
      fetch: (url, init) => takeEarlyResponse(String(url), init) ?? fetch(url, init),
    });
    await expect(customerApi(answering).wallet()).resolves.toEqual(wallet());
    // Sent once, by the early script; the client took that answer.
    expect(server.mock.calls.filter(([url]) => url === "/api/core/customer/wallet/")).toHaveLength(1);
  });
});
