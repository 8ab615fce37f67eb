import type { Plugin } from "vite";

/** A route contract's `summary:` and its text, a string or template literal (schemas/routes/*.ts). */
const summary = /\bsummary:(\s*)(`(?:[^`\\]|\\.)*`|"(?:[^"\\\n]|\\.)*")/g;

/**
 * Empties the route contracts' summaries in the web app's build. They are the OpenAPI document's
 * words, which only the server writes (server/http/openapi.ts, run from the sources, never this
 * build); the app reads a contract for its schemas and path, and carried 117 sentences it never shows.
 * Tests and the server see the contracts as written.
 */
export function routeSummariesOut(): Plugin {
  return {
    name: "ojapay-route-summaries-out",
    apply: "build",
    transform(code, id) {
      if (!/[\\/]schemas[\\/]routes[\\/][^\\/]+\.ts$/.test(id)) return null;
      const emptied = code.replace(summary, 'summary:$1""');
      return emptied === code ? null : { code: emptied, map: null };
    },
  };
}
