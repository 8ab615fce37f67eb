import { curlCommand } from "./curlCommand";
import type { RefResolver } from "./jsonSchema";
import type { ApiOperation } from "./openApiOperations";
import { schemaExample } from "./schemaExample";
import { schemaFields } from "./schemaFields";
import { schemaKind } from "./schemaKind";

export interface OperationExample {
  /** What the example shows: the operation, or one variant of its body (`kind: "airtime"`). */
  caption: string;
  command: string;
}

/** A version 4 UUID; crypto.randomUUID is missing where the page is not served over https (a LAN address). */
export function newUuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A curl command for the operation, or one for each variant of a body that is a union, so a reseller
 * sees a body of every kind; bodies are built from the schema (schemaExample).
 */
export function operationExamples(
  operation: ApiOperation,
  origin: string,
  resolve: RefResolver,
): OperationExample[] {
  const name = `${operation.method} ${operation.path}`;
  if (!operation.body) return [{ caption: name, command: curlCommand(operation, origin) }];
  const { shape } = schemaKind(operation.body, resolve);
  if (shape.kind !== "choice") {
    const body = schemaExample(operation.body, resolve, { newUuid });
    return [{ caption: name, command: curlCommand(operation, origin, { body }) }];
  }
  // Captioned as the field list heads each variant (`kind: "airtime"`), from the same walk.
  const labels = schemaFields(operation.body, resolve).variants.map((variant) => variant.label);
  return shape.variants.map((variant, index) => ({
    caption: `${name} with ${labels[index] ?? `variant ${index + 1}`}`,
    command: curlCommand(operation, origin, { body: schemaExample(variant, resolve, { newUuid }) }),
  }));
}
