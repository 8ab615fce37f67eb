import { z } from "zod";
import { envelope, refusalEnvelope } from "../../schemas/envelope";
import { accessFor } from "./access";
import type { Route } from "./route";

function jsonSchema(schema: z.core.$ZodType, io: "input" | "output") {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return rest;
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Refusal" } } },
});

/** The OpenAPI 3.1 document, written from the same route declarations and schemas that serve requests. */
export function openApiDocument(routes: readonly Route[], apiBase: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = `${route.path.replace(/:([A-Za-z_]+)/g, "{$1}")}/`;
    const access = accessFor(route.path);
    const parameters: unknown[] = [];
    if (route.params) {
      for (const name of Object.keys((route.params._zod.def as z.core.$ZodObjectDef).shape)) {
        parameters.push({ name, in: "path", required: true, schema: { type: "string" } });
      }
    }
    if (route.query) {
      const shape = (route.query._zod.def as z.core.$ZodObjectDef).shape as Record<string, z.core.$ZodType>;
      for (const [name, schema] of Object.entries(shape)) {
        parameters.push({ name, in: "query", required: false, schema: jsonSchema(schema, "input") });
      }
    }
    const responses: Record<string, unknown> = {
      [String(route.successStatus ?? 200)]: {
        description: "Success",
        content: { "application/json": { schema: jsonSchema(envelope(route.result), "output") } },
      },
      "400": errorResponse("Invalid input (`fields` names each field's problem), or a rule refused it"),
    };
    if (access === "apiKey") {
      responses["401"] = errorResponse("No API key, or one unknown or revoked (`invalid_key`)");
      responses["403"] = errorResponse("The key's address is not allowed, or its account has no API access");
      responses["429"] = errorResponse("The key's rate limit: wait as `Retry-After` says");
      if (route.params) responses["404"] = errorResponse("Not found, or not the key's account's");
      if (route.method === "POST") {
        responses["409"] = errorResponse(
          "The `request_id` was used for another request, or is still being answered",
        );
        responses["503"] = errorResponse(
          "Sales are paused, or the product is switched off; nothing was charged",
        );
      }
    } else if (access !== "public") {
      responses["401"] = errorResponse("No token, or the session has ended");
      if (access !== "signedIn") responses["403"] = errorResponse("The role may not call this path");
    }
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      summary: route.summary,
      tags: [route.tag],
      ...(access !== "public" && { security: [access === "apiKey" ? { apiKey: [] } : { bearer: [] }] }),
      ...(Array.isArray(access) && { "x-roles": access }),
      ...(parameters.length > 0 && { parameters }),
      ...(route.body && {
        requestBody: {
          required: true,
          content: { "application/json": { schema: jsonSchema(route.body, "input") } },
        },
      }),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "OjaPay API",
      version: "1.0.0",
      description:
        "Every answer is `{ status, msg, data }`, and a refusal adds `code` (see the Refusal schema) and for bad input `fields`; money is integer kobo; paths accept a trailing slash or none.",
    },
    servers: [{ url: apiBase }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "A session's token, from sign-in" },
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: "An API key (`ojk_…`), made on the Developer page; never a session's token",
        },
      },
      // Every refusal has this one shape; `code` lists every refusal the API gives.
      schemas: { Refusal: jsonSchema(refusalEnvelope, "output") },
    },
    paths,
  };
}
