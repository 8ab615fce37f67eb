import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiKey } from "../../schemas/apiKeyViews";
import type { Profile } from "../../schemas/auth";
import type { WebhookDelivery } from "../../schemas/webhookDeliveryViews";
import { ApiFailure } from "../../src/api/client";
import type { DeveloperApi } from "../../src/api/developerApi";
import { customerWithPin } from "../support/fixtures";
import { renderApp } from "../support/renderApp";
import { restoreSession } from "../support/signedIn";

afterEach(cleanup);

const reseller: Profile = { ...customerWithPin, level: "reseller", kyc_tier: 2 };
const secret = "ojk_AbCdEfGhIjKl_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG";
const signing = "whsec_5f0c6e2a9b7d4c3e8f1a2b3c4d5e6f708192a3b4c5d6e7f8";
let ids = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, "0")}`;

/** The server's key and delivery calls, over lists the test can read. */
function fakeDeveloper() {
  const keys: ApiKey[] = [];
  const deliveries: WebhookDelivery[] = [];
  const delivery = (key: ApiKey, event: WebhookDelivery["event"]): WebhookDelivery => ({
    id: uuid(),
    key_id: key.id,
    event,
    reference: event === "test" ? null : "OJP-2611-0001",
    url: key.webhook_url ?? "",
    status: "pending",
    attempts: 0,
    last_status: null,
    last_error: null,
    last_attempt_at: null,
    next_attempt_at: "2026-11-27T10:00:00.000Z",
    delivered_at: null,
    created_at: "2026-11-27T10:00:00.000Z",
  });
  const api: DeveloperApi = {
    keys: vi.fn(async () => keys.map((key) => ({ ...key }))),
    createKey: vi.fn(async (body) => {
      const key: ApiKey = {
        id: uuid(),
        name: body.name,
        prefix: "AbCdEfGhIjKl",
        webhook_url: body.webhook_url ?? null,
        allowed_ips: body.allowed_ips ?? [],
        rate_per_second: 10,
        burst: 30,
        daily_cap: body.daily_cap ?? null,
        created_at: "2026-11-27T09:00:00.000Z",
        last_used_at: null,
        revoked_at: null,
      };
      keys.unshift(key);
      return { ...key, key: secret, signing_secret: signing };
    }),
    revokeKey: vi.fn(async (id) => {
      const key = keys.find((k) => k.id === id) as ApiKey;
      key.revoked_at = "2026-11-27T11:00:00.000Z";
      return key;
    }),
    setWebhook: vi.fn(async (id, body) => {
      const key = keys.find((k) => k.id === id) as ApiKey;
      key.webhook_url = body.webhook_url;
      return key;
    }),
    sendTestEvent: vi.fn(async (id) => {
      const made = delivery(keys.find((k) => k.id === id) as ApiKey, "test");
      deliveries.unshift(made);
      return made;
    }),
    deliveries: vi.fn(async () => ({
      count: deliveries.length,
      page: 1,
      page_size: 10,
      results: deliveries.map((d) => ({ ...d })),
    })),
    resend: vi.fn(async (id) => {
      const first = deliveries.find((d) => d.id === id) as WebhookDelivery;
      const again = { ...first, id: uuid(), status: "pending" as const, attempts: 0 };
      deliveries.unshift(again);
      return again;
    }),
  };
  return { api, keys, deliveries };
}

async function openDeveloper(profile: Profile, developer = fakeDeveloper().api) {
  const app = renderApp({ path: "/app/developer", developer });
  await restoreSession(app, profile);
  await screen.findByRole("heading", { level: 1, name: "Developer" });
  return app;
}

describe("the Developer page", () => {
  it("tells a customer without API access what keys are for and how to get them, without an error", async () => {
    await openDeveloper({ ...customerWithPin, level: "customer", kyc_tier: 1 });
    const access = screen.getByRole("region", { name: "Sell from your own website or app" });
    expect(access).toHaveTextContent("The Reseller or API level.");
    expect(within(access).getByRole("link", { name: "Price level on your profile" })).toHaveAttribute(
      "href",
      "/app/profile",
    );
    expect(access).toHaveTextContent("KYC tier 2.");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Create key" })).not.toBeInTheDocument();
    // The menu leads only the levels with API access here.
    const menu = screen.getByRole("navigation", { name: "Customer menu" });
    expect(within(menu).queryByRole("link", { name: "Developer" })).not.toBeInTheDocument();
  });

  it("says only the tier is missing for a reseller still at tier 1", async () => {
    await openDeveloper({ ...customerWithPin, level: "reseller", kyc_tier: 1 });
    const access = screen.getByRole("region", { name: "Sell from your own website or app" });
    expect(access).toHaveTextContent("Done: your level has API access.");
    expect(within(access).getByRole("link", { name: /Wallet and verification/ })).toBeInTheDocument();
    const menu = screen.getByRole("navigation", { name: "Customer menu" });
    expect(within(menu).getByRole("link", { name: "Developer" })).toHaveAttribute("href", "/app/developer");
  });

  it("creates a key, shows it and its signing secret once, then lists it without them", async () => {
    const user = userEvent.setup();
    const fake = fakeDeveloper();
    await openDeveloper(reseller, fake.api);
    await screen.findByText("No live keys. Create one below.");
    const form = screen.getByRole("region", { name: "Create a key" });
    // The form's own checks first, in the server's words: nothing is sent.
    await user.type(within(form).getByLabelText("Webhook URL (optional)"), "http://shop.example/hooks");
    await user.type(within(form).getByLabelText("Allowed addresses (optional)"), "203.0.113.7\nnot-an-ip");
    await user.type(within(form).getByLabelText("Daily spending cap in ₦ (optional)"), "50,000");
    await user.click(within(form).getByRole("button", { name: "Create key" }));
    expect(await within(form).findByText("Name the key: 2 to 40 characters.")).toBeInTheDocument();
    expect(within(form).getByText("Use an https:// URL.")).toBeInTheDocument();
    expect(within(form).getByText("Use an IPv4 or IPv6 address.")).toBeInTheDocument();
    expect(fake.api.createKey).not.toHaveBeenCalled();

    await user.type(within(form).getByLabelText("Name"), "My shop");
    const url = within(form).getByLabelText("Webhook URL (optional)");
    await user.clear(url);
    await user.type(url, "https://shop.example/hooks");
    const addresses = within(form).getByLabelText("Allowed addresses (optional)");
    await user.clear(addresses);
    await user.type(addresses, "203.0.113.7, 2001:db8::1");
    await user.click(within(form).getByRole("button", { name: "Create key" }));

    const shown = await screen.findByRole("dialog", { name: "Your new key “My shop”" });
    expect(fake.api.createKey).toHaveBeenCalledWith({
      name: "My shop",
      webhook_url: "https://shop.example/hooks",
      allowed_ips: ["203.0.113.7", "2001:db8::1"],
      daily_cap: 5_000_000,
    });
    expect(shown).toHaveTextContent("Copy both now: they are not shown again.");
    expect(within(shown).getByLabelText("API key")).toHaveValue(secret);
    expect(within(shown).getByLabelText("Webhook signing secret")).toHaveValue(signing);
    const copy = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText: copy }, configurable: true });
    await user.click(within(shown).getByRole("button", { name: "Copy key" }));
    expect(copy).toHaveBeenCalledWith(secret);
    expect(await within(shown).findByText("Copied")).toBeInTheDocument();
    // No clipboard: the secret is selected in its box instead.
    copy.mockRejectedValueOnce(new Error("denied"));
    await user.click(within(shown).getByRole("button", { name: "Copy signing secret" }));
    expect(
      await within(shown).findByText("Could not copy. The signing secret is selected: copy it yourself."),
    ).toBeInTheDocument();
    expect(within(shown).getByLabelText("Webhook signing secret")).toHaveFocus();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    const keys = screen.getByRole("region", { name: "Your keys" });
    const card = await within(keys).findByRole("listitem");
    expect(card).toHaveTextContent("My shop");
    expect(card).toHaveTextContent("ojk_AbCdEfGhIjKl_…");
    expect(card).toHaveTextContent("10 calls a second, bursts of 30");
    expect(card).toHaveTextContent("₦50,000.00");
    expect(card).toHaveTextContent("203.0.113.7, 2001:db8::1");
    expect(document.body).not.toHaveTextContent(secret);
    expect(document.body).not.toHaveTextContent(signing);
  });

  it("says the server's refusal beside the form", async () => {
    const user = userEvent.setup();
    const fake = fakeDeveloper();
    vi.mocked(fake.api.createKey).mockRejectedValueOnce(
      new ApiFailure(400, "You hold 5 keys already. Revoke one you no longer use first.", {
        code: "not_allowed",
      }),
    );
    await openDeveloper(reseller, fake.api);
    const form = screen.getByRole("region", { name: "Create a key" });
    await user.type(within(form).getByLabelText("Name"), "Sixth");
    await user.click(within(form).getByRole("button", { name: "Create key" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(
      "You hold 5 keys already. Revoke one you no longer use first.",
    );
  });

  it("revokes a key after a confirmation, and sends a test event whose delivery is listed, resent and read again until it settles", async () => {
    const user = userEvent.setup();
    const fake = fakeDeveloper();
    await fake.api.createKey({ name: "Bot", webhook_url: "https://bot.example/hook" });
    await fake.api.createKey({ name: "Old site" });
    await openDeveloper(reseller, fake.api);
    const keys = screen.getByRole("region", { name: "Your keys" });
    await within(keys).findByRole("heading", { name: "Bot" });

    await user.click(within(keys).getByRole("button", { name: "Send test event to Bot" }));
    expect(
      await within(keys).findByText("Test event sent: see Webhook deliveries below."),
    ).toBeInTheDocument();
    const deliveries = screen.getByRole("region", { name: "Webhook deliveries" });
    const row = await within(deliveries).findByRole("row", { name: /Trying Test event/ });
    expect(row).toHaveTextContent("None yet");

    // Pending: read again every few seconds; delivered, the reads stop.
    const reads = vi.mocked(fake.api.deliveries).mock.calls.length;
    Object.assign(fake.deliveries[0] as WebhookDelivery, {
      status: "delivered",
      attempts: 1,
      last_status: 200,
      delivered_at: "2026-11-27T10:00:01.000Z",
    });
    await waitFor(
      () =>
        expect(within(deliveries).getByRole("row", { name: /Delivered Test event/ })).toHaveTextContent(
          "200",
        ),
      {
        timeout: 5000,
      },
    );
    expect(vi.mocked(fake.api.deliveries).mock.calls.length).toBe(reads + 1);

    await user.click(within(deliveries).getByRole("button", { name: /^Resend/ }));
    expect(fake.api.resend).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(deliveries).getAllByRole("row")).toHaveLength(3));

    await user.click(within(keys).getByRole("button", { name: "Revoke Old site" }));
    const confirm = await screen.findByRole("dialog", { name: "Revoke “Old site”?" });
    await user.click(within(confirm).getByRole("button", { name: "Revoke key" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fake.api.revokeKey).toHaveBeenCalledWith(fake.keys[0]?.id);
    expect(await within(keys).findByText("Revoked keys (1)")).toBeInTheDocument();
  }, 15_000);

  it("sets a key's webhook URL in a dialog", async () => {
    const user = userEvent.setup();
    const fake = fakeDeveloper();
    await fake.api.createKey({ name: "Shop" });
    await openDeveloper(reseller, fake.api);
    const keys = screen.getByRole("region", { name: "Your keys" });
    await user.click(await within(keys).findByRole("button", { name: "Set webhook URL of Shop" }));
    const dialog = await screen.findByRole("dialog", { name: "Webhook URL of “Shop”" });
    await user.type(within(dialog).getByLabelText("Webhook URL"), "https://shop.example/ojapay{Enter}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fake.api.setWebhook).toHaveBeenCalledWith(fake.keys[0]?.id, {
      webhook_url: "https://shop.example/ojapay",
    });
    expect(await within(keys).findByText("https://shop.example/ojapay")).toBeInTheDocument();
  }, 15_000);

  it("shows the curl samples against the page's own origin", async () => {
    await openDeveloper(reseller);
    const guide = await screen.findByRole("region", { name: "Calling the API" });
    expect(guide).toHaveTextContent(`curl -X POST ${window.location.origin}/reseller/api/topup/`);
    expect(guide).toHaveTextContent(`${window.location.origin}/api/v1/purchases`);
    // Exam PINs in both ways in: the dialect's epin/ and the v1 API's exam_pin kind.
    expect(guide).toHaveTextContent(`curl -X POST ${window.location.origin}/reseller/api/epin/`);
    expect(guide).toHaveTextContent('"kind":"exam_pin"');
    // Recharge cards likewise: the dialect's rechargepin/ and the v1 API's recharge_pin kind.
    expect(guide).toHaveTextContent(`curl -X POST ${window.location.origin}/reseller/api/rechargepin/`);
    expect(guide).toHaveTextContent('"kind":"recharge_pin"');
    expect(within(guide).getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/developers");
  });
});
