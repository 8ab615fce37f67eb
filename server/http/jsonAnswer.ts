import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../deps";
import { answerHeaders } from "./answerHeaders";
import { chooseEncoding } from "./contentCoding";

/** Below this an answer goes as it is: compressing a few hundred bytes costs more than it saves. */
const compressFromBytes = 1024;

/**
 * A JSON answer with every header in one plain object (answerHeaders.ts), its length stated, and from
 * 1 kB compressed for a client that takes br or gzip (lists, the OpenAPI document). Nearly every API
 * answer is under 1 kB and goes as it is.
 */
export function jsonAnswer(
  c: Context,
  body: unknown,
  status: ContentfulStatusCode = 200,
  extra: Record<string, string> = {},
): Response {
  const text = JSON.stringify(body);
  const bytes = Buffer.byteLength(text);
  const context = c as Context<AppEnv>;
  const encoding = bytes >= compressFromBytes ? chooseEncoding(c.req.header("accept-encoding")) : null;
  if (!encoding) {
    const headers = { ...extra, "content-type": "application/json", "content-length": String(bytes) };
    return new Response(text, { status, headers: answerHeaders(context, headers) });
  }
  const packed =
    encoding === "br"
      ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : gzipSync(text);
  const headers = {
    ...extra,
    "content-type": "application/json",
    "content-encoding": encoding,
    "content-length": String(packed.length),
    vary: "Accept-Encoding",
  };
  return new Response(packed, { status, headers: answerHeaders(context, headers) });
}
