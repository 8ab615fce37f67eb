import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin, ResolvedConfig } from "vite";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes every text file of the build (not dist/.vite, which is the server's and never served) also
 * as .br (brotli, quality 11) and .gz (gzip -9), so the server answers each request with bytes
 * compressed once, at their best, instead of compressing on every request. A variant that would not
 * be smaller (a tiny file) is left out; the server then sends the file itself.
 *
 * Runs after the prerendering (order post, sequential), so the prerendered pages are compressed too.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "ojapay-precompress",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        if (config.build.ssr) return;
        const outDir = resolve(config.root, config.build.outDir);
        const files = textFiles(outDir);
        let raw = 0;
        let br = 0;
        await Promise.all(
          files.map(async (file) => {
            const source = readFileSync(file);
            const [b, g] = await Promise.all([
              brotli(source, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzipped(source, { level: 9 }),
            ]);
            if (b.length < source.length) writeFileSync(`${file}.br`, b);
            if (g.length < source.length) writeFileSync(`${file}.gz`, g);
            raw += source.length;
            br += Math.min(b.length, source.length);
          }),
        );
        config.logger.info(
          `precompressed ${files.length} files: ${(raw / 1024).toFixed(0)} kB, ${(br / 1024).toFixed(0)} kB as brotli`,
        );
      },
    },
  };
}

function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith(".") ? [] : textFiles(path);
    return compressible.test(entry.name) ? [path] : [];
  });
}
