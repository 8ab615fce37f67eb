import { z } from "zod/mini";
import { timestamp } from "./common";

export const notification = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  created_at: timestamp,
});
export type Notification = z.infer<typeof notification>;

/** Shown on the customer dashboard while current (between starts_at and ends_at). */
export const circular = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  starts_at: timestamp,
  ends_at: timestamp,
});
export type Circular = z.infer<typeof circular>;
