import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ApiUser, apiUser, type OwnedApiKey, ownedApiKey } from "../../schemas/apiKeyViews";
import type { Profile } from "../../schemas/auth";
import { adminApi } from "../../src/api/adminApi";
import { createApiClient } from "../../src/api/client";
import { staffProfile } from "../support/fixtures";
import { fakeAdmin } from "../support/renderApp";
import { heading, renderSignedIn } from "../support/signedIn";

afterEach(cleanup);

const adminProfile: Profile = { ...staffProfile, role: "admin", first_name: "Bisi" };

const busy: ApiUser = apiUser.parse({
  id: "11111111-1111-4111-8111-111111111111",
  name: "Ada Okafor",
  email: "ada@shop.example.com",
  level: "reseller",
  kyc_tier: 2,
  live_keys: 2,
  revoked_keys: 1,
  last_used_at: "2026-03-14T13:05:00.000Z",
  month_purchases: 1_204,
  month_volume: 123_456_700,
});
const idle: ApiUser = apiUser.parse({
  ...busy,
  id: "22222222-2222-4222-8222-222222222222",
  name: "Chidi Eze",
  email: "chidi@example.com",
  level: "api",
  kyc_tier: 3,
  live_keys: 1,
  revoked_keys: 0,
  last_used_at: null,
  month_purchases: 0,
  month_volume: 0,
});
const liveKey: OwnedApiKey = ownedApiKey.parse({
  id: "33333333-3333-4333-8333-333333333333",
  name: "Shop website",
  prefix: "Ab3dEf6hIj9K",
  webhook_url: null,
  allowed_ips: [],
  rate_per_second: 10,
  burst: 30,
  daily_cap: null,
  created_at: "2026-03-01T09:00:00.000Z",
  last_used_at: "2026-03-14T13:05:00.000Z",
  revoked_at: null,
  owner: { id: busy.id, name: busy.name, email: busy.email, level: "reseller" },
});
const revokedKey: OwnedApiKey = ownedApiKey.parse({
  ...liveKey,
  id: "44444444-4444-4444-8444-444444444444",
  name: "Old bot",
  prefix: "Zz9yXx8wVv7U",
  revoked_at: "2026-03-10T09:00:00.000Z",
});

const pageOf = <T,>(results: T[], count = results.length) => ({ count, page: 1, page_size: 20, results });

async function openPage(api: Parameters<typeof fakeAdmin>[0], profile = adminProfile) {
  return renderSignedIn("/admin/api-users", profile, undefined, undefined, fakeAdmin(api));
}

describe("the API users page", () => {
  it("lists the accounts by this month's volume with their keys, and every key below", async () => {
    // The list answers only once the test has seen it loading, however fast or slow this machine is.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const apiUsers = vi.fn(async () => {
      await answered;
      return pageOf([busy, idle]);
    });
    const apiKeys = vi.fn(async () => pageOf([liveKey, revokedKey]));
    await openPage({ apiUsers, apiKeys });
    await heading("API users");
    // The console's frame draws the page's heading while the page's own code still loads; the title is the page's.
    await vi.waitFor(() => expect(document.title).toBe("API users · OjaPay"));
    await vi.waitFor(() =>
      expect(screen.getAllByRole("status").some((s) => s.textContent === "Loading…")).toBe(true),
    );
    answer();

    const users = within(await screen.findByRole("table", { name: /API users by volume/ }));
    const [, first, second] = users.getAllByRole("row");
    if (!first || !second) throw new Error("two accounts expected");
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    expect(cells(first)).toEqual([
      "Ada Okaforada@shop.example.com",
      "Reseller",
      "Tier 2",
      "₦1,234,567.001,204 purchases",
      "2 live, 1 revoked",
      "Mar 14, 2026, 2:05 PM",
    ]);
    expect(cells(second)).toEqual([
      "Chidi Ezechidi@example.com",
      "API",
      "Tier 3",
      "₦0.000 purchases",
      "1 live",
      "Never",
    ]);
    expect(within(first).getByRole("link", { name: "Ada Okafor" })).toHaveAttribute(
      "href",
      `/admin/manage-users/${busy.id}`,
    );
    expect(screen.getByText("2 accounts with keys")).toBeInTheDocument();
    expect(apiUsers).toHaveBeenCalledWith({ page: 1 });

    const keys = within(screen.getByRole("table", { name: /API keys/ }));
    expect(keys.getAllByRole("button", { name: /^Revoke/ })).toHaveLength(1);
    expect(
      keys.getByRole("button", { name: "Revoke Shop website (ojk_Ab3dEf6hIj9K) of Ada Okafor" }),
    ).toBeVisible();
    expect(keys.getByText("Revoked", { selector: ".state-badge" })).toBeInTheDocument();
    expect(apiKeys).toHaveBeenCalledWith({ page: 1 });
  });

  it("searches through the address and filters the keys", async () => {
    const user = userEvent.setup();
    const apiUsers = vi.fn(async () => pageOf([busy]));
    const apiKeys = vi.fn(async () => pageOf([liveKey]));
    const app = await openPage({ apiUsers, apiKeys });
    await user.type(await screen.findByLabelText("Search name or email"), "ada");
    await user.keyboard("{Enter}");
    expect(app.location.history.at(-1)).toBe("/admin/api-users?search=ada");
    await vi.waitFor(() => expect(apiUsers).toHaveBeenLastCalledWith({ page: 1, search: "ada" }));

    await user.selectOptions(screen.getByLabelText("Show keys"), "Live");
    await vi.waitFor(() => expect(apiKeys).toHaveBeenLastCalledWith({ page: 1, live: "true" }));
  });

  it("revokes a key only after the confirmation, by keyboard, with the client's toast, and reloads both lists", async () => {
    const user = userEvent.setup();
    let revoked = false;
    const answer = (data: unknown, msg = "Done.") =>
      new Response(JSON.stringify({ status: true, msg, data }), { status: 200 });
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const path = String(url);
      if (init?.method === "DELETE") {
        revoked = true;
        return answer(
          { ...liveKey, owner: undefined, revoked_at: "2026-03-15T09:00:00.000Z" },
          "Key revoked.",
        );
      }
      if (path.includes("api-users")) return answer(pageOf([busy]));
      const key = revoked ? { ...liveKey, revoked_at: "2026-03-15T09:00:00.000Z" } : liveKey;
      return answer(pageOf([key]));
    });
    const notify = vi.fn();
    const admin = adminApi(
      createApiClient({
        baseURL: "/api",
        getToken: () => "token",
        onSessionExpired: vi.fn(),
        notify,
        fetch: fetch as unknown as typeof globalThis.fetch,
      }),
    );
    await renderSignedIn("/admin/api-users", adminProfile, undefined, undefined, admin);

    const revoke = await screen.findByRole("button", { name: /^Revoke Shop website/ });
    revoke.focus();
    await user.keyboard("{Enter}");
    let dialog = await screen.findByRole("dialog", { name: "Revoke “Shop website”?" });
    expect(dialog).toHaveTextContent("Calls with ojk_Ab3dEf6hIj9K_… of Ada Okafor are refused from now on.");
    // Escape closes it and nothing is sent; focus is back on the button.
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(revoke).toHaveFocus();
    expect(fetch.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);

    await user.keyboard("{Enter}");
    dialog = await screen.findByRole("dialog");
    // Focus starts inside on Cancel and stays inside: Tab wraps.
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole("button", { name: "Revoke key" })).toHaveFocus();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await act(async () => within(dialog).getByRole("button", { name: "Revoke key" }).click());

    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetch).toHaveBeenCalledWith(
      `/api/sys.admin/api-keys/${liveKey.id}/`,
      expect.objectContaining({ method: "DELETE" }),
    );
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ type: "success", message: "Key revoked." }),
    );
    expect(await screen.findByText("Revoked", { selector: ".state-badge" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Revoke Shop website/ })).not.toBeInTheDocument();
    // Its button is gone; focus waits on the keys' heading, not at the top of the page.
    await vi.waitFor(() => expect(screen.getByRole("heading", { name: "API keys" })).toHaveFocus());
    expect(fetch.mock.calls.filter(([url]) => String(url).includes("api-users"))).toHaveLength(2);
  });

  it("shows a failed revoke in the dialog and a failed list in place, each with Try again", async () => {
    const user = userEvent.setup();
    const apiUsers = vi
      .fn<() => Promise<ReturnType<typeof pageOf<ApiUser>>>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue(pageOf([busy]));
    const revokeApiKey = vi.fn(async () => {
      throw new Error("We could not reach OjaPay. Check your connection and try again.");
    });
    await openPage({ apiUsers, apiKeys: vi.fn(async () => pageOf([liveKey])), revokeApiKey });
    expect(await screen.findByText("We could not load the API users.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    const users = await screen.findByRole("table", { name: /API users by volume/ });
    expect(within(users).getByRole("link", { name: "Ada Okafor" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: /^Revoke Shop website/ }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Revoke key" }));
    expect(await within(screen.getByRole("dialog")).findByRole("alert")).toHaveTextContent(
      "We could not reach OjaPay.",
    );
    expect(within(screen.getByRole("dialog")).getByRole("button", { name: "Try again" })).toBeVisible();
  });

  it("is for admins only", async () => {
    await openPage({}, staffProfile);
    expect(await heading("Not for your role")).toBeInTheDocument();
  });
});
