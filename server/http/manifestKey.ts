/** One chunk of dist/.vite/chunks.json (bench/chunkModules.ts): its file and the source modules in it. */
export interface BuiltChunk {
  file: string;
  modules: string[];
}

/**
 * The key of Vite's manifest for the chunk holding `module`. Vite keys a chunk by its facade module,
 * but a module the build groups into a named chunk (bench/chunkGroups.ts puts each area's root into
 * its area's chunk) has no key of its own: its chunk is keyed `_<file name>`, found through the list
 * of modules each chunk holds. Undefined when no chunk holds the module.
 */
export function manifestKey(
  manifest: Readonly<Record<string, { file: string }>>,
  chunks: readonly BuiltChunk[],
  module: string,
): string | undefined {
  if (module in manifest) return module;
  const holder = chunks.find((chunk) => chunk.modules.includes(module));
  if (!holder) return undefined;
  return Object.keys(manifest).find((key) => manifest[key]?.file === holder.file);
}
