import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { codeSplitting } from "./bench/chunkGroups.ts";
import { chunkModules } from "./bench/chunkModules.ts";
import { precompress } from "./build/precompress.ts";
import { prerender } from "./build/prerender.ts";
import { routeSummariesOut } from "./build/routeSummaries.ts";

// Each server project builds its database once per run and hands it to its files (provide/inject).
const serverProject = (kind: "pglite" | "postgres") => ({
  extends: true as const,
  test: {
    name: `server:${kind}`,
    environment: "node",
    include: ["tests/server/**/*.test.ts"],
    env: { TEST_DB: kind },
    setupFiles: ["tests/support/cheapPasswordHashes.ts"],
    globalSetup: [
      kind === "pglite" ? "tests/support/pgliteSnapshotSetup.ts" : "tests/support/postgresServerSetup.ts",
    ],
    // A worker keeps the server's modules from one file to the next instead of importing them again for
    // each: seconds a file. Each file still has its own database and server, and no server test stubs
    // globals or timers.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  plugins: [react(), routeSummariesOut(), chunkModules(), prerender(), precompress()],
  resolve: {
    // React 18 and later have useSyncExternalStore built in. wouter and @xstate/react import the
    // shim that gives it to older Reacts, whose code would ship on every page beside React's own:
    // these give them the package's plain entries, which hand over React's.
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: "use-sync-external-store/with-selector.js",
      },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: "use-sync-external-store" },
    ],
  },
  build: {
    // Where the server serves the build from (`npm start` builds it there).
    outDir: process.env.STATIC_DIR ?? "dist",
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: "es2022",
    // The server writes a <link rel="modulepreload"> for each chunk a route needs (server/http/spa.ts),
    // and Chrome, Firefox and Safari 17 follow them; an older Safari just fetches the chunks on import.
    // The polyfill would be weight on every page for no page that breaks without it.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting } },
  },
  server: {
    proxy: { "/api": `http://localhost:${process.env.API_PORT ?? 8081}` },
  },
  test: {
    // Vitest leaves a core free by default, which on the 2-core machines CI and developers have means
    // one file at a time; the files spend much of their time waiting on sockets, child processes and
    // Postgres, so two at a time keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "jsdom",
          include: ["tests/unit/**/*.test.{ts,tsx}", "tests/machines/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/support/domSetup.ts"],
          // A wizard's test types a whole purchase key by key; beside the server and browser projects
          // on two busy cores that once took more than vitest's 5 s default (the exam-PIN wizard's).
          testTimeout: 20_000,
        },
      },
      serverProject("pglite"),
      serverProject("postgres"),
      {
        extends: true,
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/appDataDirSetup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // After everything else, so the browsers and their servers do not compete with the other
          // suites; two files at a time, since each spends half its time waiting on the app.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
