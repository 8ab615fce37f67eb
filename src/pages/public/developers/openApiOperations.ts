import {
  dereferenced,
  isSchema,
  type JsonSchema,
  pointerResolver,
  type RefResolver,
  schemaList,
  textOf,
} from "./jsonSchema";

/** A parameter of the path or the query string. */
export interface OperationParameter {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

/** An answer other than success: its HTTP status and what the document says brings it. */
export interface OperationRefusal {
  status: string;
  description: string;
}

/** One operation of the document, as the reference draws it. */
export interface ApiOperation {
  /** For the page's links: `post-v1-purchases`. */
  anchor: string;
  method: string;
  /** The address under the server's base: `/api/v1/purchases/`. */
  path: string;
  summary: string;
  /** The header the security scheme asks for (`Authorization: Bearer <key>`), when it is a header. */
  authHeader?: string;
  /** The security scheme's words, e.g. "An API key (`ojk_…`)…". */
  auth: string;
  parameters: OperationParameter[];
  body?: JsonSchema;
  success?: { status: string; data?: JsonSchema };
  refusals: OperationRefusal[];
}

/** What the page needs of the OpenAPI document. */
export interface KeyApiReference {
  operations: ApiOperation[];
  /** Every `code` a refusal may carry (components.schemas.Refusal). */
  refusalCodes: string[];
  refusalCodesDescription?: string;
  resolve: RefResolver;
}

const methods = ["get", "post", "put", "patch", "delete"] as const;

/** The header a security scheme is sent in: `http` schemes in Authorization, `apiKey` ones in their own. */
function authHeaderOf(scheme: unknown): string | undefined {
  if (!isSchema(scheme)) return undefined;
  const kind = textOf(scheme.scheme);
  if (scheme.type === "http" && kind) return `Authorization: ${kind[0]?.toUpperCase()}${kind.slice(1)} <key>`;
  const name = textOf(scheme.name);
  if (scheme.type === "apiKey" && scheme.in === "header" && name) return `${name}: <key>`;
  return undefined;
}

const jsonSchemaOf = (content: unknown): JsonSchema | undefined => {
  const json = isSchema(content) ? content["application/json"] : undefined;
  const schema = isSchema(json) ? json.schema : undefined;
  return isSchema(schema) ? schema : undefined;
};

/** The `data` of the envelope `{ status, msg, data }` a success is written in, or the whole answer. */
function envelopeData(schema: JsonSchema | undefined, resolve: RefResolver): JsonSchema | undefined {
  if (!schema) return undefined;
  const target = dereferenced(schema, resolve);
  const properties = isSchema(target.properties) ? target.properties : {};
  return isSchema(properties.data) ? properties.data : target;
}

function readOperation(
  path: string,
  method: string,
  operation: JsonSchema,
  base: string,
  schemes: JsonSchema,
  resolve: RefResolver,
): ApiOperation {
  const schemeNames = schemaList(operation.security).flatMap((requirement) => Object.keys(requirement));
  const scheme = schemes[schemeNames[0] ?? ""];
  const responses = isSchema(operation.responses) ? operation.responses : {};
  const statuses = Object.keys(responses).sort();
  const successStatus = statuses.find((status) => status.startsWith("2"));
  const success = successStatus ? responses[successStatus] : undefined;
  const requestBody = isSchema(operation.requestBody) ? operation.requestBody : undefined;
  return {
    anchor: `${method}${path}`.replace(/[^A-Za-z0-9]+/g, "-").replace(/-$/, ""),
    method: method.toUpperCase(),
    path: `${base}${path}`,
    summary: textOf(operation.summary) ?? "",
    authHeader: authHeaderOf(scheme),
    auth: (isSchema(scheme) && textOf(scheme.description)) || schemeNames.join(", "),
    parameters: schemaList(operation.parameters).map((parameter) => ({
      name: textOf(parameter.name) ?? "",
      in: textOf(parameter.in) ?? "",
      required: parameter.required === true,
      description: textOf(parameter.description),
      schema: isSchema(parameter.schema) ? parameter.schema : {},
    })),
    body: requestBody ? jsonSchemaOf(requestBody.content) : undefined,
    success: successStatus
      ? {
          status: successStatus,
          data: envelopeData(isSchema(success) ? jsonSchemaOf(success.content) : undefined, resolve),
        }
      : undefined,
    refusals: statuses
      .filter((status) => !status.startsWith("2"))
      .map((status) => {
        const response = responses[status];
        return { status, description: (isSchema(response) && textOf(response.description)) || "" };
      }),
  };
}

/**
 * The operations a program calls with an API key: those whose security names a scheme of the
 * document that is an API key's (`apiKey`), in the document's order. The rest of the document (the
 * app's own calls with a session) is not a reseller's business.
 */
export function keyApiReference(document: unknown, keyScheme = "apiKey"): KeyApiReference {
  if (!isSchema(document) || !isSchema(document.paths)) throw new Error("This is not an OpenAPI document.");
  const resolve = pointerResolver(document);
  const components = isSchema(document.components) ? document.components : {};
  const schemes = isSchema(components.securitySchemes) ? components.securitySchemes : {};
  const [server] = schemaList(document.servers);
  const base = (server && textOf(server.url)) ?? "";
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isSchema(item)) continue;
    for (const method of methods) {
      const operation = item[method];
      if (!isSchema(operation)) continue;
      const usesKey = schemaList(operation.security).some((requirement) => keyScheme in requirement);
      if (usesKey) operations.push(readOperation(path, method, operation, base, schemes, resolve));
    }
  }
  const refusal = resolve("#/components/schemas/Refusal");
  const code = refusal && isSchema(refusal.properties) ? refusal.properties.code : undefined;
  return {
    operations,
    refusalCodes:
      isSchema(code) && Array.isArray(code.enum) ? code.enum.filter((c) => typeof c === "string") : [],
    refusalCodesDescription: isSchema(code) ? textOf(code.description) : undefined,
    resolve,
  };
}
