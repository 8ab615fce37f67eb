import { z } from "zod/mini";

export const publicStatus = z.object({
  emergency: z.object({ enabled: z.boolean(), message: z.string() }),
});
export type PublicStatus = z.infer<typeof publicStatus>;

/** What customers read while emergency mode is on and the admin left the message empty. */
export const salesPausedFallback = "Purchases are paused for now. Please try again later.";

/** The words of the emergency banner and of the refusal it stands for: the admin's, or the fallback. */
export const salesPausedMessage = (message: string) => message.trim() || salesPausedFallback;
