import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// docs/ARCHITECTURE.md is read to find one's way in the code: every file or folder it names in
// backticks must exist. A name is taken as the repository sees it (`server/app.ts`) or, as the document
// writes inside a section about one layer, as the end of a path (`http/sessionGate.ts`, `client.ts`).

const doc = readFileSync("docs/ARCHITECTURE.md", "utf8");
// Read off the disk rather than from git, so a copy of the project without its history checks the same.
const skipped = /^(node_modules|dist|data[\w-]*|\.git|coverage)(\/|$)/;
const files: string[] = readdirSync(".", { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => `${entry.parentPath}/${entry.name}`.replace(/^\.\//, ""))
  .filter((file) => !skipped.test(file));
const folders = new Set(
  files.flatMap((file) =>
    file
      .split("/")
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
  ),
);

/** The backticked names that look like a path: a file with an extension, or a folder ending in "/". */
function namedPaths(text: string): string[] {
  const names = [...text.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] ?? "");
  return [
    ...new Set(
      names
        .map((name) => name.replace(/[),.:;]+$/, ""))
        // A leading "/" is an address the app answers (`/api/`), not a file.
        .filter((name) => /^[\w.][\w./-]*$/.test(name))
        .filter(
          (name) =>
            /\.(ts|tsx|sql|md|json|css|mjs|js)$/.test(name) || (name.endsWith("/") && name.length > 1),
        ),
    ),
  ];
}

const exists = (name: string) => {
  const path = name.replace(/^\.\//, "").replace(/\/$/, "");
  if (name.endsWith("/"))
    return folders.has(path) || [...folders].some((folder) => folder.endsWith(`/${path}`));
  return files.includes(path) || files.some((file) => file.endsWith(`/${path}`));
};

describe("docs/ARCHITECTURE.md", () => {
  const named = namedPaths(doc);

  it("names many of the code's files and folders", () => {
    expect(named.length).toBeGreaterThanOrEqual(40);
  });

  it("names only files and folders that exist", () => {
    expect(named.filter((name) => !exists(name))).toEqual([]);
  });
});
