import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltChunk, manifestKey } from "../../server/http/manifestKey";
import { type Manifest, type RouteRow, routePreloads } from "../../server/http/spa";
import { simulatedBarText } from "../../server/outside/simulation/simulatedBar";
import { infoContent } from "../../src/pages/public/infoContent";
import { routeModules } from "../../src/routeModules";
import { createTestServer } from "./support/testServer";

// How the built app is served (server/http/spa.ts): prerendered pages, each route's modulepreloads
// from Vite's manifest, precompressed files cached for good, and the document headers on documents
// only. Against the real build in dist/, as `npm test` makes it before vitest.

const dist = "dist";
const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(dist, file), "utf8"));
let server: Awaited<ReturnType<typeof createTestServer>>;
let manifest: Manifest;
let chunks: BuiltChunk[];
/** The built chunk holding a source module, whether Vite named the chunk after it or a chunk group took it in. */
const chunkOf = (module: string) => manifest[manifestKey(manifest, chunks, module) ?? module];

beforeAll(async () => {
  if (!existsSync(join(dist, ".vite/routes.json")))
    throw new Error("dist/ is missing or old: run `npx vite build` first (npm test does)");
  manifest = readJson<Manifest>(".vite/manifest.json");
  chunks = readJson<BuiltChunk[]>(".vite/chunks.json");
  server = await createTestServer({ STATIC_DIR: dist }, { serveSpa: true });
});

afterAll(async () => {
  await server?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => server.app.request(path, { headers });

/** The answer's body as text, whichever way it was compressed. */
async function text(res: Response): Promise<string> {
  const raw = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get("content-encoding");
  if (encoding === "br") return brotliDecompressSync(raw).toString("utf8");
  if (encoding === "gzip") return gunzipSync(raw).toString("utf8");
  return raw.toString("utf8");
}

const hrefs = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]* href="([^"]+)"`, "g"))].map((m) => m[1] as string);

/** What #root holds, which is what the page shows before its script runs. */
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root"'), html.lastIndexOf("</body>"));

describe("prerendered pages", () => {
  it("GET / sends the landing page drawn, its text and links inside #root, with the CSP", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await text(res);
    const root = rootOf(html);
    expect(root).toContain('data-prerendered="/"');
    expect(root).toContain("Airtime, data, TV and electricity from one wallet");
    expect(root).toContain('href="/auth/register"');
    expect(root).toContain('href="/faqs"');
    // The simulated bar still comes first on the page; the page needs no inline script.
    expect(html).toContain(simulatedBarText);
    expect(html.match(/<script[^>]*>/g)).toEqual([
      expect.stringMatching(/^<script type="module" crossorigin src="\/assets\//),
    ]);
  });

  it("sends each information page drawn, with its own title and description, compressed when asked", async () => {
    for (const [path, page] of Object.entries(infoContent)) {
      const res = await get(path, { "accept-encoding": "gzip, deflate, br" });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe("br");
      expect(res.headers.get("vary")).toContain("Accept-Encoding");
      const html = await text(res);
      expect(rootOf(html)).toContain(`data-prerendered="${path}"`);
      expect(rootOf(html)).toContain(`<h1>${page.title}</h1>`);
      expect(html).toContain(`<title>${page.title} · OjaPay</title>`);
      expect(rootOf(html)).toContain('href="/contact-support"');
    }
    const gzipped = await get("/faqs", { "accept-encoding": "gzip" });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(await text(gzipped)).toContain("Frequently asked questions");
  });

  it("a page asked again with its ETag is a 304, whichever coding it came in", async () => {
    const first = await get("/faqs", { "accept-encoding": "br" });
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/"/);
    const again = await get("/faqs", { "accept-encoding": "gzip", "if-none-match": etag as string });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const other = await get("/about-us", { "if-none-match": etag as string });
    expect(other.status).toBe(200);
  });

  it("GET /auth/login sends the sign-in form drawn, its labels before any script, its button disabled", async () => {
    const html = await text(await get("/auth/login", { "accept-encoding": "br" }));
    const root = rootOf(html);
    expect(root).toContain('data-prerendered="/auth/login"');
    expect(root).toContain("<h1>Sign in</h1>");
    expect(root).toMatch(/<label for="[^"]+">Email address<\/label>/);
    expect(root).toMatch(/<label for="[^"]+">Password<\/label>/);
    expect(root).toMatch(/<button type="submit"[^>]* disabled="">Sign in<\/button>/);
    expect(root).toContain('href="/auth/register"');
    expect(html).toContain("<title>Sign in · OjaPay</title>");
    expect(html).toContain(simulatedBarText);
    // The rest of /auth is not prerendered: it gets the shell.
    expect(await text(await get("/auth/register"))).toContain('<div id="root"></div>');
  });

  it("GET /app/dashboard sends the app shell: the customer area's frame and the dashboard loading, nothing of anyone's", async () => {
    const html = await text(await get("/app/dashboard", { "accept-encoding": "br" }));
    const root = rootOf(html);
    expect(root).toContain('data-prerendered="/app/dashboard"');
    expect(root).toContain("<h1>Dashboard</h1>");
    expect(root).toMatch(/<nav [^>]*aria-label="Customer menu"/);
    for (const href of [
      "/app/dashboard",
      "/app/fund-account",
      "/app/airtime-vtu",
      "/app/transaction-history",
    ])
      expect(root).toContain(`href="${href}"`);
    expect(root).toContain('<p role="status">Loading…</p>');
    // Nobody's initials, name or year: the page is the same for every visitor until its script runs.
    expect(root).not.toContain('class="avatar');
    expect(root).not.toContain("Member since");
    expect(html).toContain("<title>Dashboard · OjaPay</title>");
    expect(html).toContain(simulatedBarText);
  });

  it("sends other pages the empty shell, for the browser to draw", async () => {
    for (const path of ["/auth/register", "/app/profile", "/admin/audit", "/no-such-page"]) {
      const html = await text(await get(path));
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain(simulatedBarText);
    }
  });
});

describe("addresses with no page", () => {
  const nowhere = ["/no-such-page", "/app/no-such-page", "/admin/no-such-page", "/auth/no-such-page"];

  it("answer 404 with the not-found page's HTML, compressed or not, whatever ETag the browser holds", async () => {
    for (const path of nowhere) {
      const res = await get(path, { "accept-encoding": "br" });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(res.headers.get("content-encoding")).toBe("br");
      const html = await text(res);
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain(simulatedBarText);
      // A 304 would say "what you hold is still right": for an address with no page, it is a 404 again.
      const again = await get(path, { "if-none-match": res.headers.get("etag") ?? "" });
      expect(again.status, path).toBe(404);
      expect((await get(path, { "if-none-match": "*" })).status, path).toBe(404);
      const head = await server.app.request(path, { method: "HEAD" });
      expect(head.status, path).toBe(404);
    }
  });

  it("leave every page, and the areas' addresses that lead to one, answering 200", async () => {
    const pages = [
      "/",
      "/faqs",
      "/developers",
      "/auth",
      "/auth/",
      "/auth/login",
      "/auth/register",
      "/auth/forgot-password",
      "/auth/reset-password",
      "/auth/verify-email",
      "/admin",
      "/admin/login",
      "/admin/dashboard",
      "/admin/manage-users/42",
      "/admin/manage-tv/1",
      "/admin/transactions/0b6f6f2e-7f2a-4d7e-9b1e-2f0d6c1a9e11",
      "/app",
      "/app/",
      "/app/dashboard",
      "/app/transaction-history/OJA2603027K3M9QXZ",
      "/app/profile/",
      "/app/developer",
      "/index.html",
    ];
    for (const path of pages) expect((await get(path)).status, path).toBe(200);
  });
});

describe("modulepreload", () => {
  it("GET /auth/login preloads the entry and the sign-in chunks, all of them files that are served", async () => {
    const res = await get("/auth/login");
    const html = await text(res);
    const preloaded = [
      ...hrefs(html, "modulepreload"),
      ...[...html.matchAll(/<script type="module"[^>]* src="([^"]+)"/g)].map((m) => m[1] as string),
    ];
    const authArea = chunkOf("src/pages/auth/AuthArea.tsx")?.file;
    expect(preloaded).toContain(`/${authArea}`);
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
    for (const imported of entry?.imports ?? []) expect(preloaded).toContain(`/${manifest[imported]?.file}`);
    expect(new Set(preloaded).size).toBe(preloaded.length);
    for (const href of [...preloaded, ...hrefs(html, "stylesheet")]) {
      expect(existsSync(join(dist, href))).toBe(true);
      expect((await get(href)).status).toBe(200);
    }
  });

  it("preloads each page's own chunk", async () => {
    const expectations: Record<string, string> = {
      "/": "src/pages/public/LandingPage.tsx",
      "/faqs": "src/pages/public/InfoPage.tsx",
      "/app/transaction-history/ABC123": "src/pages/customer/ReceiptPage.tsx",
      "/admin/manage-databundle/2": "src/pages/admin/catalogue/DataPlansPage.tsx",
      "/admin/login": "src/pages/auth/AdminLoginArea.tsx",
    };
    for (const [path, module] of Object.entries(expectations)) {
      const html = await text(await get(path));
      expect(hrefs(html, "modulepreload"), path).toContain(`/${chunkOf(module)?.file}`);
    }
  });

  it("writes a prerendered page's stylesheets into it and asks for its scripts at low priority, so it shows before they arrive", async () => {
    const inlined = (html: string) =>
      [...html.matchAll(/<style data-href="([^"]+)">/g)].map((m) => m[1] as string);
    for (const [path, module] of [
      ["/", "src/pages/public/LandingPage.tsx"],
      ["/auth/login", "src/pages/auth/AuthArea.tsx"],
    ] as const) {
      const html = await text(await get(path));
      expect(hrefs(html, "stylesheet"), path).toEqual([]);
      const styles = inlined(html);
      const entryCss = Object.values(manifest).find((chunk) => chunk.isEntry)?.css ?? [];
      const pageCss = routePreloads(manifest, chunks, [{ path, modules: [module] }])[0]?.styles ?? [];
      expect(styles.sort(), path).toEqual(
        [...new Set([...entryCss.map((css) => `/${css}`), ...pageCss])].sort(),
      );
      for (const href of styles) expect(html).toContain(readFileSync(join(dist, href), "utf8"));
      expect(html).toMatch(/<script type="module"[^>]* fetchpriority="low">/);
      for (const link of html.match(/<link rel="modulepreload"[^>]*>/g) ?? [])
        expect(link).toContain('fetchpriority="low"');
    }
    // A page its scripts draw links its stylesheets and fetches its scripts at the usual priority.
    const drawn = await text(await get("/app/profile"));
    expect(hrefs(drawn, "stylesheet").length).toBeGreaterThan(0);
    expect(drawn).not.toContain("fetchpriority");
    expect(drawn).not.toContain("<style");
  });

  it("runs the dashboard's reads from its HTML, right after the entry and ahead of the app's chunks", async () => {
    const early = `/${chunkOf("src/pages/customer/dashboardEarlyRequests.ts")?.file}`;
    for (const path of ["/app/dashboard", "/app"]) {
      const html = await text(await get(path));
      const scripts = [...html.matchAll(/<script type="module"[^>]*>/g)].map((m) => m[0]);
      expect(scripts, path).toHaveLength(2);
      expect(scripts[0], path).not.toContain(early);
      expect(scripts[1], path).toBe(
        `<script type="module" async crossorigin fetchpriority="high" src="${early}">`,
      );
      expect(hrefs(html, "modulepreload"), path).not.toContain(early);
      expect((await get(early)).status).toBe(200);
    }
    // Only where the app opens at the dashboard.
    expect(await text(await get("/app/profile"))).not.toContain(early);
  });

  it("covers every lazily loaded page of the routers, and every module it names was built", () => {
    const built = readJson<RouteRow[]>(".vite/routes.json");
    expect(built.map(({ path, modules }) => ({ path, modules }))).toEqual(
      routeModules.map(({ path, modules }) => ({ path, modules })),
    );
    const named = new Set(routeModules.flatMap((route) => route.modules));
    for (const module of named) expect(chunkOf(module), `${module} has no chunk`).toBeDefined();
    // Loaded inside a page rather than by a route: the admins' emergency panel on the dashboard.
    const insidePages = new Set(["src/pages/admin/EmergencyPanel.tsx"]);
    for (const router of [
      "src/App.tsx",
      "src/pages/customer/CustomerArea.tsx",
      "src/pages/admin/AdminArea.tsx",
    ]) {
      const source = readFileSync(router, "utf8");
      // A page loaded as is, or after the session's chunk (App.tsx's afterSession).
      for (const [, specifier] of source.matchAll(/lazyPage\((?:\w+\()?\(\) => import\("([^"]+)"\)\)/g)) {
        const module = join(dirname(router), `${specifier}.tsx`);
        if (!insidePages.has(module)) expect(named, `${router} loads ${module}`).toContain(module);
      }
    }
    expect(() => routePreloads(manifest, chunks, [{ path: "/x", modules: ["src/pages/Gone.tsx"] }])).toThrow(
      /src\/pages\/Gone\.tsx is not in the Vite manifest/,
    );
  });
});

describe("files of the build", () => {
  const entryFile = () => `/${Object.values(manifest).find((chunk) => chunk.isEntry)?.file}`;

  it("an asset asked with br comes precompressed, cached for good, with nosniff and no document headers", async () => {
    const file = entryFile();
    const res = await get(file, { "accept-encoding": "gzip, deflate, br" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    for (const header of [
      "content-security-policy",
      "strict-transport-security",
      "x-frame-options",
      "cross-origin-opener-policy",
    ])
      expect(res.headers.get(header), header).toBeNull();
    const body = Buffer.from(await res.arrayBuffer());
    // The bytes written at build, not compressed again for this request.
    expect(body.equals(readFileSync(join(dist, `${file}.br`)))).toBe(true);
    expect(brotliDecompressSync(body).equals(readFileSync(join(dist, file)))).toBe(true);
  });

  it("falls back to gzip, then to the file itself", async () => {
    const file = entryFile();
    const gzipped = await get(file, { "accept-encoding": "gzip" });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(Buffer.from(await gzipped.arrayBuffer()).equals(readFileSync(join(dist, `${file}.gz`)))).toBe(
      true,
    );
    const plain = await get(file);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(Buffer.from(await plain.arrayBuffer()).equals(readFileSync(join(dist, file)))).toBe(true);
  });

  it("a stylesheet gets its content type, and a missing asset is a 404, not the app's page", async () => {
    const css = hrefs(await text(await get("/app/profile")), "stylesheet")[0] as string;
    const res = await get(css, { "accept-encoding": "br" });
    expect(res.headers.get("content-type")).toMatch(/^text\/css/);
    expect(res.headers.get("content-security-policy")).toBeNull();
    const missing = await get("/assets/gone-1234.js");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).not.toMatch(/html/);
  });

  it("the health checks answer themselves, not the app's page", async () => {
    for (const [path, body] of [
      ["/healthz", { status: "ok" }],
      ["/readyz", { status: true, msg: "Ready.", data: null }],
    ] as const) {
      const res = await get(path, { accept: "text/html" });
      expect(res.headers.get("content-type")).toBe("application/json");
      expect(await res.json()).toEqual(body);
    }
  });

  it("the build's own tables under .vite are not served", async () => {
    const res = await get("/.vite/manifest.json");
    expect(await text(res)).not.toContain('"isEntry"');
  });
});

describe("security headers", () => {
  const security = [
    "cache-control",
    "content-security-policy",
    "cross-origin-opener-policy",
    "referrer-policy",
    "strict-transport-security",
    "x-content-type-options",
    "x-frame-options",
    "x-xss-protection",
    "x-download-options",
    "x-dns-prefetch-control",
    "x-permitted-cross-domain-policies",
    "origin-agent-cluster",
    "cross-origin-resource-policy",
  ];
  const securityHeadersOf = (res: Response) =>
    Object.fromEntries(
      security.flatMap((name) => (res.headers.has(name) ? [[name, res.headers.get(name)]] : [])),
    );

  it("API answers, refusals included, carry OWASP's set for APIs: never cached, framed or sniffed", async () => {
    const owaspRest = {
      "cache-control": "no-store",
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "strict-transport-security": "max-age=15552000; includeSubDomains",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
    };
    const res = await get("/api/status/");
    expect(res.status).toBe(200);
    expect(securityHeadersOf(res)).toEqual(owaspRest);
    const refused = await get("/api/core/customer/wallet/");
    expect(refused.status).toBe(401);
    expect(securityHeadersOf(refused)).toEqual(owaspRest);
  });

  it("a page carries the document's policy: our origin only, never framed, no referrer", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    const { "content-security-policy": policy, ...rest } = securityHeadersOf(res);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(rest).toEqual({
      "cache-control": "no-cache",
      "cross-origin-opener-policy": "same-origin",
      "referrer-policy": "no-referrer",
      "strict-transport-security": "max-age=15552000; includeSubDomains",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
    });
  });
});
