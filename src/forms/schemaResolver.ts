import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod/mini";
import { readableErrorFor } from "../../schemas/readable";

/** react-hook-form validation from a shared schema, with the same messages the server gives. */
export function schemaResolver<S extends z.ZodMiniType<FieldValues, FieldValues>>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return zodResolver(schema, { error: readableErrorFor(schema) }) as Resolver<
    z.input<S>,
    unknown,
    z.output<S>
  >;
}
