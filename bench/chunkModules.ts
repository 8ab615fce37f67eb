import type { Plugin } from "vite";

/**
 * Writes dist/.vite/chunks.json: for each emitted chunk, its file, the chunks it imports statically
 * and dynamically, and the source modules inside it. bench/bundle.ts reads it to check what each
 * route loads, rather than guessing from file names.
 */
export function chunkModules(): Plugin {
  return {
    name: "ojapay-chunk-modules",
    apply: "build",
    // After Vite's own generateBundle, which drops chunks holding only CSS (a lone .css import) and
    // moves their styles to the importers; listed before that, such a chunk would name a missing file.
    enforce: "post",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle)
        .filter((item) => item.type === "chunk")
        .map((chunk) => ({
          file: chunk.fileName,
          name: chunk.name,
          isEntry: chunk.isEntry,
          facadeModuleId: chunk.facadeModuleId ? relative(chunk.facadeModuleId) : null,
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          css: [
            ...((chunk as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss ?? []),
          ],
          modules: Object.keys(chunk.modules).map(relative),
        }));
      this.emitFile({
        type: "asset",
        fileName: ".vite/chunks.json",
        source: JSON.stringify(chunks, null, 1),
      });
    },
  };
}

function relative(id: string) {
  const cwd = process.cwd().replaceAll("\\", "/");
  const clean = id.replaceAll("\\", "/").replace(/\?.*$/, "").replace(/^\0/, "");
  return clean.startsWith(`${cwd}/`) ? clean.slice(cwd.length + 1) : clean;
}
