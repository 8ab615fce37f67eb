import type { Context } from "hono";
import type { z } from "zod/mini";
import type { KeyEnv } from "../http/keyAuthorization";
import { parseInput, parseJsonText, parseQueryText } from "../http/validate";
import { fieldRefusal } from "../refusal";

/** A body as JSON or as a form (PHP scripts post both), then the dialect's schema. */
export async function bodyOf<S extends z.ZodMiniType>(c: Context<KeyEnv>, schema: S): Promise<z.output<S>> {
  const type = c.req.header("content-type") ?? "";
  const raw = /form-urlencoded|multipart\/form-data/i.test(type)
    ? await formFields(c)
    : parseJsonText(await c.req.text());
  return parseInput(schema, raw);
}

/** A form's text fields (a file sent with it is no field of ours); a form that cannot be read is the caller's. */
async function formFields(c: Context<KeyEnv>): Promise<Record<string, string>> {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw fieldRefusal("_", "The request body is not a form the API can read.", "bad_json");
  }
  return Object.fromEntries(
    Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

/** A query string, then the dialect's schema. */
export const queryOf = <S extends z.ZodMiniType>(c: Context<KeyEnv>, schema: S): z.output<S> =>
  parseInput(schema, parseQueryText(new URL(c.req.url).searchParams));
