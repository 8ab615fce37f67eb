import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Context } from "hono";
import { getMimeType } from "hono/utils/mime";
import type { AppEnv } from "../deps";
import { fileHeaders } from "./answerHeaders";
import { chooseEncoding } from "./contentCoding";

/** A file of the build, held in memory with the compressed forms written at build (build/precompress.ts). */
interface BuiltFile {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  /** Hashed assets never change under their name; the rest (the icon, robots.txt) are asked again. */
  cacheControl: string | undefined;
}

const read = (path: string) => (existsSync(path) ? readFileSync(path) : undefined);

/**
 * The build's files (everything but its pages and dist/.vite), by URL path, read once at start: the
 * whole build is about 2 MB, and a file answered from memory costs no stat, open or read per request.
 */
export function readBuiltFiles(root: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".")) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!/\.(html|br|gz)$/.test(entry.name)) {
        const url = `/${relative(root, path).split(sep).join("/")}`;
        files.set(url, {
          identity: readFileSync(path),
          br: read(`${path}.br`),
          gzip: read(`${path}.gz`),
          type: getMimeType(entry.name) ?? "application/octet-stream",
          cacheControl: url.startsWith("/assets/") ? "public, max-age=31536000, immutable" : undefined,
        });
      }
    }
  };
  walk(root);
  return files;
}

/** A file of the build as the client takes it: br, then gzip, then as it is. */
export function fileAnswer(c: Context<AppEnv>, file: BuiltFile): Response {
  const encoding = file.br || file.gzip ? chooseEncoding(c.req.header("accept-encoding")) : null;
  const packed = encoding === "br" ? file.br : encoding === "gzip" ? file.gzip : undefined;
  const body = packed ?? file.identity;
  const own: Record<string, string> = { "content-type": file.type, "content-length": String(body.length) };
  if (packed && encoding) own["content-encoding"] = encoding;
  // Said even when the file went as it is, so a cache never hands that copy to a client taking br.
  if (file.br || file.gzip) own.vary = "Accept-Encoding";
  if (file.cacheControl) own["cache-control"] = file.cacheControl;
  const sent = c.req.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>);
  return new Response(sent, { status: 200, headers: fileHeaders(c, own) });
}
