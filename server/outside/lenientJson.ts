import { z } from "zod";

/**
 * Pieces for reading outside services' JSON leniently: they send the same field as a string or a
 * number, and drop or mistype fields they do not care about. One set, used by every answer parser.
 */

/** A string or a number, read as text ("000" and 0 alike say what they say). */
export const scalarText = z.union([z.string(), z.number()]).transform(String);

/** A field that may be missing or of another type: read as absent rather than refusing the answer. */
export const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
