import { z } from "zod";

export const publicStatus = z.object({
  emergency: z.object({ enabled: z.boolean(), message: z.string() }),
});
export type PublicStatus = z.infer<typeof publicStatus>;
