import { describe, expect, it, vi } from "vitest";
import { kycContracts } from "../../schemas/routes/kyc";
import { createApiClient } from "../../src/api/client";
import { customerApi } from "../../src/api/customerApi";

function clientAnswering(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  const client = createApiClient({
    baseURL: "/api",
    getToken: () => "token",
    onSessionExpired: vi.fn(),
    notify: vi.fn(),
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  return { client, fetch };
}

/** The client's calls are typed by the route table the server mounts (see tests/server/routeContracts). */
describe("the client's calls", () => {
  it("take the body and give the answer the contract names", async () => {
    const { client, fetch } = clientAnswering(200, { status: true, msg: "Verified.", data: null });
    await client
      .call(kycContracts, "POST /core/customer/kyc/verify", {
        // @ts-expect-error the field is id_type, as schemas/kyc.ts names it
        body: { idType: "bvn", number: "22212341234" },
      })
      .catch((failure: unknown) => failure);
    expect(fetch).toHaveBeenCalledWith("/api/core/customer/kyc/verify/", expect.anything());

    // @ts-expect-error the wrapper's parameter is derived from the same schema
    const wrongWrapper = () => customerApi(client).verifyIdentity({ idType: "bvn", number: "1" });
    expect(typeof wrongWrapper).toBe("function");
  });

  it("refuse an answer the result schema does not accept, so a renamed field cannot slip through", async () => {
    const { client } = clientAnswering(200, { status: true, msg: "Here.", data: { level: 2 } });
    await expect(client.call(kycContracts, "GET /core/customer/kyc")).rejects.toMatchObject({
      msg: "Something went wrong: the server's answer was not understood.",
    });
  });
});
