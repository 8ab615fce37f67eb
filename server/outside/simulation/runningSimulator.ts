import type { HttpBindings } from "@hono/node-server";
import type { Hono } from "hono";

/** A provider's stand-in as the app runs it: its routes, what tests steer it by, and how it stops. */
export interface RunningSimulator<Control> {
  /** Every route, under /api/; the app mounts it at the simulator's path. */
  app: Hono<{ Bindings: HttpBindings }>;
  control: Control;
  /** Stops its timers (latency, late answers, settling, retries). */
  close(): void;
}
