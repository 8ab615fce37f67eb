import { describe, expect, it } from "vitest";
import { apiKeyCreateBody } from "../../schemas/apiKeys";
import { createKeyForm } from "../../src/pages/customer/developer/createKeyForm";

// The Create key form checks the URL and addresses with the browser's URL parser, not the server's
// zod rules (which would grow every page's code): both must take and refuse the same inputs.
const urls = [
  "https://shop.example/hooks",
  "https://127.0.0.1:8443/h?x=1",
  "http://shop.example/hooks",
  "ftp://shop.example",
  "shop.example/hooks",
  "https://user:pass@shop.example/",
  `https://shop.example/${"a".repeat(500)}`,
];
const addresses = [
  "203.0.113.7",
  "0.0.0.0",
  "2001:db8::1",
  "::1",
  "256.1.1.1",
  "1.2.3",
  "fe80::zz",
  "example.com",
];

const formFor = (fields: Partial<Record<"webhook_url" | "allowed_ips" | "daily_cap", string>>) => ({
  name: "Shop",
  webhook_url: "",
  allowed_ips: "",
  daily_cap: "",
  ...fields,
});

describe("the Create key form's checks", () => {
  it.each(urls)("takes or refuses the webhook URL %s as the server does", (url) => {
    const server = apiKeyCreateBody.safeParse({ name: "Shop", webhook_url: url });
    const form = createKeyForm.safeParse(formFor({ webhook_url: url }));
    expect(form.success).toBe(server.success);
    if (!server.success && !form.success)
      expect(form.error.issues[0]?.message).toBe(server.error.issues[0]?.message);
  });

  it.each(addresses)("takes or refuses the address %s as the server does", (address) => {
    const server = apiKeyCreateBody.safeParse({ name: "Shop", allowed_ips: [address] });
    const form = createKeyForm.safeParse(formFor({ allowed_ips: address }));
    expect(form.success).toBe(server.success);
  });

  it("sends empty boxes as nothing, and the cap in kobo", () => {
    expect(createKeyForm.parse(formFor({ daily_cap: "1,250.50" }))).toEqual({
      name: "Shop",
      daily_cap: 125_050,
    });
    expect(createKeyForm.safeParse(formFor({ daily_cap: "0.50" })).error?.issues[0]?.message).toBe(
      "Set a cap of at least ₦1, or none.",
    );
  });
});
