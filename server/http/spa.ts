import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Context, Hono } from "hono";
import type { AppEnv } from "../deps";
import { simulatedBarHtml } from "../outside/simulation/simulatedBar";
import { pageHeaders } from "./answerHeaders";
import { fileAnswer, readBuiltFiles } from "./builtFiles";
import { chooseEncoding } from "./contentCoding";
import { type BuiltChunk, manifestKey } from "./manifestKey";

/** One row of dist/.vite/routes.json, written at build from src/routeModules.ts (build/prerender.ts). */
export interface RouteRow {
  path: string;
  modules: string[];
  /** The file holding this page drawn at build, when it is prerendered. */
  prerendered?: string;
  /** A module the page's HTML runs as soon as it arrives, ahead of the app (src/routeModules.ts). */
  early?: string;
  /** No page is here: the row's HTML draws the not-found page, answered with status 404. */
  notFound?: boolean;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** What a page needs fetched before it can draw: the scripts to preload and the stylesheets. */
export interface Preloads {
  scripts: string[];
  styles: string[];
  /** The chunk the page runs at once, ahead of the app, if it has one. */
  early?: string;
}

/**
 * For each route, the entry and the route's modules with everything they import statically, from
 * Vite's manifest. Throws when the table names a module the build has no chunk for.
 */
export function routePreloads(
  manifest: Manifest,
  chunks: readonly BuiltChunk[],
  routes: readonly RouteRow[],
): Preloads[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error("the Vite manifest has no entry chunk");
  return routes.map((route) => {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`route ${route.path}: ${key} is not in the Vite manifest`);
      if (scripts.has(`/${chunk.file}`)) return;
      scripts.add(`/${chunk.file}`);
      for (const css of chunk.css ?? []) styles.add(`/${css}`);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(entry);
    for (const module of route.modules) visit(manifestKey(manifest, chunks, module) ?? module);
    const earlyKey = route.early && (manifestKey(manifest, chunks, route.early) ?? route.early);
    const early = earlyKey ? manifest[earlyKey]?.file : undefined;
    if (earlyKey && !early) throw new Error(`route ${route.path}: ${earlyKey} is not in the Vite manifest`);
    return { scripts: [...scripts], styles: [...styles], ...(early && { early: `/${early}` }) };
  });
}

/** A route's path as the client routers read it: `:name` one segment, a trailing `*` the rest. */
function pathPattern(path: string): RegExp {
  if (path === "*") return /^/;
  const rest = path.endsWith("/*");
  const segments = (rest ? path.slice(0, -2) : path)
    .split("/")
    .map((s) => (s.startsWith(":") ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  return new RegExp(`^${segments.join("/")}${rest ? "(?:/.*)?" : "/?"}$`, "i");
}

/**
 * A prerendered page with its stylesheets written into it (the one the built HTML links and the
 * route's), so the browser draws it as soon as the HTML has arrived, without a round trip for CSS
 * first; the scripts, which only take the page over, come after. Each is marked with its file
 * (data-href). Vite's loader, which sees only linked stylesheets, still fetches the route's CSS
 * files when the page's code loads (about 1.4 kB, after the page is drawn): the price of not
 * waiting for them before it.
 */
export function inlineStyles(html: string, styles: readonly string[], readFile: (href: string) => string) {
  const linked = [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map(
    (m) => m[1] as string,
  );
  let page = html;
  for (const href of linked) page = page.replace(`<link rel="stylesheet" crossorigin href="${href}">`, "");
  const all = [...new Set([...linked, ...styles])];
  const inline = all.map((href) => `<style data-href="${href}">${readFile(href)}</style>`).join("\n    ");
  return page.replace("  </head>", `    ${inline}\n  </head>`);
}

interface Page {
  /** Weak, so one tag stands for the page in every coding; `no-cache` pages then revalidate to a 304. */
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function compressed(html: string): Page {
  const identity = Buffer.from(html);
  return {
    etag: `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 22)}"`,
    identity,
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

export interface Spa {
  /**
   * Serves the build's files, precompressed, the hashed ones cached for good, and the pages: each
   * route's HTML, made at start, compressed at start.
   */
  mount(app: Hono<AppEnv>): void;
}

/**
 * The built SPA (dist/), or null when nothing has been built. Everything is read and made once, here:
 *
 * - each route of dist/.vite/routes.json gets its HTML: its prerendered page, or the shell with an
 *   empty #root, with a `modulepreload` for every chunk the route needs, its CSS (written into a
 *   prerendered page, so it is styled at first paint without waiting for a file; linked otherwise),
 *   the simulated bar when it applies, and its brotli and gzip forms;
 * - the files of the build are read into memory with the .br and .gz written at build
 *   (build/precompress.ts) and answered in the form the client takes (builtFiles.ts).
 */
export function loadSpa(staticDir: string, options: { simulated: boolean }): Spa | null {
  const root = resolve(staticDir);
  if (!existsSync(join(root, "index.html"))) return null;
  const read = (file: string) => readFileSync(join(root, file), "utf8");
  const readJson = <T>(file: string, fallback: T): T =>
    existsSync(join(root, file)) ? JSON.parse(read(file)) : fallback;

  // A build without the route table (an older one) still serves index.html for every page.
  const shell = existsSync(join(root, ".vite/shell.html")) ? read(".vite/shell.html") : read("index.html");
  const routes = readJson<RouteRow[]>(".vite/routes.json", [{ path: "*", modules: [] }]);
  const preloads = routePreloads(
    readJson<Manifest>(".vite/manifest.json", {}),
    readJson<BuiltChunk[]>(".vite/chunks.json", []),
    routes,
  );

  const pages = routes.map((route, i) => {
    let html = route.prerendered ? read(route.prerendered) : shell;
    const { scripts, styles, early } = preloads[i] ?? { scripts: [], styles: [] };
    // A prerendered page is drawn by its HTML and stylesheets; its scripts only take it over. Asked
    // for at low priority, they leave a slow link to the stylesheets first, so the page shows sooner.
    // A page drawn by its scripts keeps them at the browser's usual (high) priority.
    const priority = route.prerendered ? ' fetchpriority="low"' : "";
    if (route.prerendered) html = inlineStyles(html, styles, (href) => read(href.slice(1)));
    const links = [
      ...styles
        .filter((href) => !html.includes(`"${href}"`))
        .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
      ...scripts
        .filter((href) => href !== early && !html.includes(`"${href}"`))
        .map((href) => `<link rel="modulepreload" crossorigin href="${href}"${priority}>`),
    ];
    if (links.length > 0) html = html.replace("  </head>", `    ${links.join("\n    ")}\n  </head>`);
    if (priority) html = html.replace(/<script type="module"([^>]*)>/, `<script type="module"$1${priority}>`);
    // Right after the entry, run as soon as it arrives (async): it sends the page's reads while the
    // app's code downloads (src/pages/customer/dashboardEarlyRequests.ts). After it, so that the entry,
    // the largest file, goes out first, on the connection the page came by.
    if (early)
      html = html.replace(
        /<script type="module"[^>]*><\/script>/,
        `$&\n    <script type="module" async crossorigin fetchpriority="high" src="${early}"></script>`,
      );
    // While the simulators are on, every page says so before any script runs.
    if (options.simulated) html = html.replace(/<body([^>]*)>/, `<body$1>${simulatedBarHtml}`);
    return { pattern: pathPattern(route.path), page: compressed(html), status: route.notFound ? 404 : 200 };
  });

  const files = readBuiltFiles(root);
  // The API's paths and a missing asset are never a page: those answer a JSON 404.
  const isPage = (path: string) =>
    !path.startsWith("/assets/") && !path.startsWith("/api/") && path !== "/api";

  /** A page: the route's HTML in the coding the client takes, or 304 when it has it already. */
  const page = (c: Context<AppEnv>): Response => {
    const path = c.req.path === "/index.html" ? "/" : c.req.path;
    const found = pages.find((p) => p.pattern.test(path)) ?? pages[pages.length - 1];
    if (!found) throw new Error("the route table has no rows");
    const own: Record<string, string> = {
      "content-type": "text/html; charset=UTF-8",
      "cache-control": "no-cache",
      vary: "Accept-Encoding",
      etag: found.page.etag,
    };
    const known = c.req
      .header("If-None-Match")
      ?.split(",")
      .map((tag) => tag.trim().replace(/^W\//, ""));
    // A 304 stands for a 200: an address with no page answers its 404 whatever the browser holds.
    if (found.status === 200 && (known?.includes(found.page.etag.slice(2)) || known?.includes("*")))
      return new Response(null, { status: 304, headers: pageHeaders(c, own) });
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
    if (encoding) own["content-encoding"] = encoding;
    const body =
      encoding === "br" ? found.page.br : encoding === "gzip" ? found.page.gzip : found.page.identity;
    own["content-length"] = String(body.length);
    const sent = c.req.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>);
    return new Response(sent, { status: found.status, headers: pageHeaders(c, own) });
  };

  return {
    mount(app) {
      // Last, after every route: a GET nothing else answered is a file of the build or a page. Not
      // async, and not through Hono's not-found step: a page costs one layer after the front door.
      app.use("*", (c, next) => {
        if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
        const file = files.get(c.req.path);
        if (file) return Promise.resolve(fileAnswer(c, file));
        return isPage(c.req.path) ? Promise.resolve(page(c)) : next();
      });
    },
  };
}
