import type { ApiOperation } from "./openApiOperations";

/** The key goes in an environment variable, so it stays out of the shell's history and of the page. */
export const keyVariable = "$OJAPAY_KEY";

/** Single quotes keep the shell's hands off the JSON; a single quote inside is closed, escaped and reopened. */
const shellQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * The operation as a curl command against `origin`: its path with each path parameter's example, the
 * key's header and, when there is one, the body as pretty JSON, indented under the `-d` (the shell
 * keeps the new lines and spaces inside the quotes, and JSON ignores them).
 */
export function curlCommand(
  operation: ApiOperation,
  origin: string,
  example: { body?: unknown; pathValues?: Record<string, string> } = {},
): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    example.pathValues?.[name] === undefined ? `<${name}>` : encodeURIComponent(example.pathValues[name]),
  );
  const lines = [
    `curl${operation.method === "GET" ? "" : ` -X ${operation.method}`} ${shellQuoted(`${origin}${path}`)}`,
    `-H "Authorization: Bearer ${keyVariable}"`,
  ];
  if (example.body !== undefined) {
    lines.push(
      "-H 'Content-Type: application/json'",
      `-d ${shellQuoted(JSON.stringify(example.body, null, 2).replaceAll("\n", "\n  "))}`,
    );
  }
  return lines.join(" \\\n  ");
}
