import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { build } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * Builds the React floor (bench/floor: React drawing a heading, nothing else) into `outDir` with the
 * app's own build settings, and says how many kB of JavaScript it downloads (gzip level 9, as
 * bench/bundle.ts measures the app's routes). Page sizes and Lighthouse figures are read against it.
 */
export async function buildFloor(outDir: string): Promise<{ dir: string; jsKb: number }> {
  await build({
    root,
    configFile: false,
    logLevel: "warn",
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: "es2022", sourcemap: false },
  });
  const assets = join(outDir, "assets");
  const jsKb = readdirSync(assets)
    .filter((file) => file.endsWith(".js"))
    .reduce((sum, file) => sum + gzipSync(readFileSync(join(assets, file)), { level: 9 }).length / 1024, 0);
  return { dir: outDir, jsKb };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = process.argv[2] ?? "/tmp/ojapay-floor";
  const { jsKb } = await buildFloor(out);
  console.log(`React floor: ${jsKb.toFixed(1)} kB of JS (gzip -9), built in ${out}`);
}
