import { z } from "zod/mini";

export const publicStatus = z.object({
  emergency: z.object({ enabled: z.boolean(), message: z.string() }),
});
export type PublicStatus = z.infer<typeof publicStatus>;
