import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

// Route files only translate HTTP: every read and write sits behind a service. A route file that
// imports drizzle-orm or anything under server/db has let a query in; the list names each one.

const routesDir = "server/routes";
const specifiers = (text: string) =>
  [...text.matchAll(/\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((match) => match[1] ?? "");

const reachesDatabase = (file: string, specifier: string) => {
  if (specifier === "drizzle-orm" || specifier.startsWith("drizzle-orm/")) return true;
  if (!specifier.startsWith(".")) return false;
  const target = path.posix.normalize(path.posix.join(routesDir, path.posix.dirname(file), specifier));
  return target === "server/db" || target.startsWith("server/db/");
};

it("no route file imports drizzle-orm or server/db", () => {
  const offenders = readdirSync(routesDir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .flatMap((file) =>
      specifiers(readFileSync(path.join(routesDir, file), "utf8"))
        .filter((specifier) => reachesDatabase(file, specifier))
        .map((specifier) => `${routesDir}/${file} imports ${specifier}`),
    );
  expect(offenders).toEqual([]);
});
