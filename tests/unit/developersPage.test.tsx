import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { RouteKey } from "../../schemas/routes/contract";
import { routeTable } from "../../schemas/routes/routeTable";
import { v1PurchaseBody } from "../../schemas/v1Api";
import { openApiDocument } from "../../server/http/openapi";
import { implement } from "../../server/http/route";
import DevelopersPage from "../../src/pages/public/developers/DevelopersPage";

// The page is drawn from the document the server serves, written here as server/app.ts writes it:
// openApiDocument over every entry of the route table as implement() makes it (server/app.ts itself
// opens the database's files, which jsdom cannot). The handlers are never called.
let openApi: ReturnType<typeof openApiDocument>;

type Operation = {
  security?: Record<string, unknown>[];
  requestBody?: { content: { "application/json": { schema: JsonSchema } } };
  responses: Record<string, { content?: { "application/json": { schema: JsonSchema } } }>;
  parameters?: { name: string }[];
};
type JsonSchema = { properties?: Record<string, JsonSchema>; oneOf?: JsonSchema[]; enum?: string[] };

/** The document's operations called with an API key, as [METHOD, path, operation]. */
function keyOperations(): [string, string, Operation][] {
  return Object.entries(openApi.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>)
      .filter(([, operation]) => operation.security?.some((s) => "apiKey" in s))
      .map(([method, operation]): [string, string, Operation] => [method.toUpperCase(), path, operation]),
  );
}

function answering(...answers: Array<() => Promise<Response>>) {
  const fetch = vi.fn();
  for (const answer of answers) fetch.mockImplementationOnce(answer);
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const theDocument = async () => new Response(JSON.stringify(openApi), { status: 200 });

function renderPage() {
  return render(
    <Router hook={memoryLocation({ path: "/developers" }).hook}>
      <DevelopersPage />
    </Router>,
  );
}

const section = (heading: string) => {
  const h3 = screen.getByRole("heading", { level: 3, name: heading });
  return within(h3.closest("section") as HTMLElement);
};

beforeAll(() => {
  const routes = (Object.keys(routeTable) as (keyof typeof routeTable & RouteKey)[]).map((key) =>
    implement(key, async () => ({ msg: "", data: null as never })),
  );
  openApi = openApiDocument(routes, "/api");
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the API reference at /developers", () => {
  it("fetches the OpenAPI document as it opens, saying so meanwhile", async () => {
    const fetch = answering(theDocument);
    renderPage();
    expect(screen.getByRole("status")).toHaveTextContent("Loading the reference");
    await screen.findByRole("heading", { level: 3, name: "POST /api/v1/purchases/" });
    expect(fetch).toHaveBeenCalledWith("/api/openapi.json", expect.anything());
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("shows every operation a key calls, with its parameters, body fields, answer fields and refusals", async () => {
    answering(theDocument);
    renderPage();
    await screen.findByRole("heading", { level: 3, name: "POST /api/v1/purchases/" });
    const operations = keyOperations();
    expect(operations.map(([method, path]) => `${method} ${path}`)).toEqual([
      "POST /v1/purchases/",
      "GET /v1/purchases/{id}/",
      "GET /v1/balance/",
      "GET /v1/catalogue/",
      "GET /v1/webhook-deliveries/",
    ]);
    expect(screen.getAllByRole("heading", { level: 3 })).toHaveLength(operations.length);

    for (const [method, path, operation] of operations) {
      const part = section(`${method} /api${path}`);
      const names = part.getAllByText((_, element) => element?.classList.contains("field-name") ?? false);
      const shown = new Set(names.map((element) => element.textContent));
      const body = operation.requestBody?.content["application/json"].schema;
      for (const variant of body?.oneOf ?? (body ? [body] : [])) {
        for (const field of Object.keys(variant.properties ?? {}))
          expect(shown, `${path} ${field}`).toContain(field);
      }
      for (const parameter of operation.parameters ?? []) expect(shown).toContain(parameter.name);
      const data = Object.entries(operation.responses).find(([status]) => status.startsWith("2"))?.[1]
        ?.content?.["application/json"].schema.properties?.data;
      for (const field of Object.keys(data?.properties ?? {}))
        expect(shown, `${path} answers ${field}`).toContain(field);

      const refusals = part.getAllByRole("listitem").filter((item) => item.closest(".operation-refusals"));
      const statuses = Object.keys(operation.responses).filter((status) => !status.startsWith("2"));
      expect(refusals.map((item) => item.textContent?.split(":")[0])).toEqual(statuses.sort());
      expect(part.getByRole("link", { name: "refusal codes" })).toHaveAttribute("href", "#refusal-codes");
    }
  });

  it("shows the purchase body's kinds each with its own fields, enums and limits", async () => {
    answering(theDocument);
    renderPage();
    const purchase = () => section("POST /api/v1/purchases/");
    await screen.findByRole("heading", { level: 3, name: "POST /api/v1/purchases/" });
    for (const kind of ["airtime", "data", "tv", "electricity"])
      expect(purchase().getByRole("heading", { level: 5, name: `kind: "${kind}"` })).toBeInTheDocument();
    const electricity = within(
      purchase()
        .getByRole("heading", { level: 5, name: 'kind: "electricity"' })
        .closest("section") as HTMLElement,
    );
    expect(electricity.getByText('"prepaid"')).toBeInTheDocument();
    expect(electricity.getByText('"postpaid"')).toBeInTheDocument();
    const airtime = within(
      purchase()
        .getByRole("heading", { level: 5, name: 'kind: "airtime"' })
        .closest("section") as HTMLElement,
    );
    expect(airtime.getByText("1 to 4")).toBeInTheDocument();
    expect(airtime.getByText(/Network\. 1=MTN/)).toBeInTheDocument();
  });

  it("gives a curl command for each kind of purchase whose body the shared schema accepts", async () => {
    answering(theDocument);
    renderPage();
    await screen.findByRole("heading", { level: 3, name: "POST /api/v1/purchases/" });
    const examples = section("POST /api/v1/purchases/").getAllByRole("figure");
    expect(examples).toHaveLength(6);
    const bodies = examples.map((figure) => {
      const command = figure.querySelector("pre")?.textContent ?? "";
      expect(command).toContain(`curl -X POST '${window.location.origin}/api/v1/purchases/'`);
      expect(command).toContain('-H "Authorization: Bearer $OJAPAY_KEY"');
      const json = /-d '([\s\S]*)'$/.exec(command)?.[1];
      return JSON.parse(json ?? "");
    });
    for (const body of bodies)
      expect(v1PurchaseBody.safeParse(body).error?.issues, JSON.stringify(body)).toBeUndefined();
    expect(bodies.map((body) => body.kind)).toEqual([
      "airtime",
      "data",
      "tv",
      "electricity",
      "exam_pin",
      "recharge_pin",
    ]);
    expect(new Set(bodies.map((body) => body.request_id)).size).toBe(6);
    // Each figure is named by its caption.
    expect(examples[0]).toHaveAccessibleName('POST /api/v1/purchases/ with kind: "airtime"');
  });

  it("lists the market's format's paths by hand, exam PINs' epin/ and recharge cards' rechargepin/ among them", async () => {
    answering(theDocument);
    renderPage();
    const market = within(await screen.findByRole("region", { name: "The VTU market's format" }));
    for (const path of ["user/", "epin/", "rechargepin/", "<service>/<id>/"])
      expect(market.getByText(path, { selector: "code" })).toBeInTheDocument();
    expect(market.getByText(/network_amount \(a card's id from user\/'s Rechargepin\)/)).toBeInTheDocument();
  });

  it("lists every refusal code of the document", async () => {
    answering(theDocument);
    renderPage();
    const heading = await screen.findByRole("heading", { level: 2, name: "Refusal codes" });
    const listed = within(heading.closest("section") as HTMLElement)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    const refusal = openApi.components.schemas.Refusal as { properties: { code: { enum: string[] } } };
    expect(listed).toEqual(refusal.properties.code.enum);
    expect(listed).toContain("invalid_key");
  });

  it("says in place when the document cannot be had, and tries again", async () => {
    answering(
      () => Promise.reject(new TypeError("Failed to fetch")),
      async () => new Response("unavailable", { status: 503 }),
      theDocument,
    );
    renderPage();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The reference did not load. Your connection may be slow or offline.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(screen.getByRole("heading", { level: 2, name: "Operations" })).toHaveFocus();
    expect(await screen.findByRole("alert")).toHaveTextContent("The server answered 503.");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Try again" })));
    await screen.findByRole("heading", { level: 3, name: "GET /api/v1/balance/" });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("points to a key, keeps its headings in order and is linked from every public page's footer", async () => {
    answering(theDocument);
    renderPage();
    await screen.findByRole("heading", { level: 3, name: "GET /api/v1/balance/" });
    const main = within(screen.getByRole("main"));
    expect(main.getByRole("link", { name: "Get a key" })).toHaveAttribute("href", "/app/developer");
    expect(main.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/auth/register");
    expect(main.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth/login");
    const footer = within(screen.getByRole("navigation", { name: "Footer" }));
    expect(footer.getByRole("link", { name: "API for developers" })).toHaveAttribute("href", "/developers");

    const levels = [...screen.getByRole("main").querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) =>
      Number(h.tagName[1]),
    );
    expect(levels[0]).toBe(1);
    levels.reduce((previous, level) => {
      expect(level, "no heading level is skipped").toBeLessThanOrEqual(previous + 1);
      return level;
    });
    for (const figure of screen.getAllByRole("figure")) expect(figure).toHaveAccessibleName();
    expect(document.title).toBe("API reference · OjaPay");
  });
});
