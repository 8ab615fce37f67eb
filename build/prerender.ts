import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { type BuiltChunk, manifestKey } from "../server/http/manifestKey.ts";

/** What src/prerender.tsx offers the build. */
interface PrerenderEntry {
  renderPage(path: string): Promise<string>;
  pageHead(path: string): { title?: string; description?: string };
  prerenderedPaths: readonly string[];
  routeModules: ReadonlyArray<{ path: string; modules: readonly string[]; early?: string }>;
}

/** Where the served page for a path is written: dist/index.html for `/`, dist/<path>/index.html otherwise. */
export const prerenderedFile = (path: string) =>
  path === "/" ? "index.html" : `${path.slice(1)}/index.html`;

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * After the client build: bundles src/prerender.tsx for Node (Vite's build API, `ssr`), draws the
 * landing and information pages with it, and writes each into a copy of the built index.html (inside
 * #root, marked `data-prerendered` with its path, with its title and description). Also writes, for
 * the server (server/http/spa.ts):
 *
 * - dist/.vite/shell.html, the built index.html with an empty #root, for every page not prerendered;
 * - dist/.vite/routes.json, the route table of src/routeModules.ts with each prerendered page's file.
 *
 * Fails the build when a module the table names was not built, so no route goes without its preloads.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "ojapay-prerender",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      async handler() {
        if (config.build.ssr) return;
        const outDir = resolve(config.root, config.build.outDir);
        const entry = await buildEntry(config.root);
        const shell = readFileSync(join(outDir, "index.html"), "utf8");
        if (!shell.includes('<div id="root"></div>')) throw new Error("index.html has no empty #root");

        const readJson = (file: string) => JSON.parse(readFileSync(join(outDir, file), "utf8"));
        const manifest: Record<string, { file: string }> = readJson(".vite/manifest.json");
        const chunks: BuiltChunk[] = readJson(".vite/chunks.json");
        const unbuilt = entry.routeModules
          .flatMap((r) => [...r.modules, ...(r.early ? [r.early] : [])])
          .filter((m) => !manifestKey(manifest, chunks, m));
        if (unbuilt.length > 0)
          throw new Error(
            `src/routeModules.ts names modules the build has no chunk for: ${unbuilt.join(", ")}`,
          );

        const prerendered: Record<string, string> = {};
        for (const path of entry.prerenderedPaths) {
          const html = await entry.renderPage(path);
          const head = entry.pageHead(path);
          let page = shell.replace(
            '<div id="root"></div>',
            `<div id="root" data-prerendered="${escapeHtml(path)}">${html}</div>`,
          );
          if (head.title)
            page = page.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`);
          if (head.description)
            page = page.replace(
              /<meta name="description" content="[^"]*"/,
              `<meta name="description" content="${escapeHtml(head.description)}"`,
            );
          const file = prerenderedFile(path);
          mkdirSync(dirname(join(outDir, file)), { recursive: true });
          writeFileSync(join(outDir, file), page);
          prerendered[path] = file;
        }
        writeFileSync(join(outDir, ".vite/shell.html"), shell);
        const routes = entry.routeModules.map((route) => ({
          ...route,
          ...(prerendered[route.path] ? { prerendered: prerendered[route.path] } : {}),
        }));
        writeFileSync(join(outDir, ".vite/routes.json"), JSON.stringify(routes, null, 1));
        config.logger.info(`prerendered ${Object.keys(prerendered).length} pages`);
      },
    },
  };
}

/** src/prerender.tsx bundled for Node under node_modules/.cache, where it finds react and wouter. */
async function buildEntry(root: string): Promise<PrerenderEntry> {
  const outDir = resolve(root, "node_modules/.cache/ojapay-prerender");
  rmSync(outDir, { recursive: true, force: true });
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    mode: "production",
    plugins: [react()],
    build: {
      ssr: "src/prerender.tsx",
      outDir,
      emptyOutDir: true,
      target: "node20",
      minify: false,
      rolldownOptions: { output: { entryFileNames: "prerender.mjs" } },
    },
  });
  return import(pathToFileURL(join(outDir, "prerender.mjs")).href);
}
