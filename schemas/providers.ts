import { z } from "zod/mini";
import { integer, kobo, koboAmount, timestamp } from "./common";
import { providerAlert } from "./operations";
import { purchaseKinds } from "./transactions";

/** The services a route is kept for. */
export const routedServices = purchaseKinds;
export const routedService = z.enum(routedServices, {
  error: "Choose airtime, data, tv, electricity, exam PINs or recharge cards.",
});

/** A provider as `PROVIDERS` names it. */
export const providerName = z
  .string()
  .check(z.regex(/^[a-z][a-z0-9_-]{1,19}$/, { error: "Name a provider as PROVIDERS does." }));

export const providerHealth = z.object({
  window_minutes: integer(),
  successful: integer(),
  failed: integer(),
  unclear: integer().check(z.meta({ description: "No clear answer in time: pending until a requery" })),
  success_percent: z.nullable(integer()),
  p50_ms: z.nullable(integer()),
  p95_ms: z.nullable(integer()),
});

export const providerView = z.object({
  name: providerName,
  label: z.string(),
  switched_off: z.boolean(),
  circuit: z.object({
    state: z
      .enum(["closed", "open", "probing"])
      .check(z.meta({ description: "probing: its time is up and the next purchase tries it" })),
    failures_in_row: integer(),
    open_until: z.nullable(timestamp),
    failures_to_open: integer(),
    open_minutes: integer(),
  }),
  balance: z.nullable(kobo),
  balance_checked_at: z.nullable(timestamp),
  balance_error: z.nullable(z.string()),
  low_balance_warning: kobo,
  low: z.boolean(),
  min_success_percent: integer(),
  health: providerHealth,
});
export type ProviderView = z.infer<typeof providerView>;

export const routeView = z.object({
  service: routedService,
  scope: z
    .string()
    .check(z.meta({ description: "'' the whole service; a network id; for data `<network>:<plan type>`" })),
  label: z.string(),
  providers: z.array(providerName),
  saved: z.boolean().check(z.meta({ description: "false: PROVIDERS' order, as no route was saved" })),
});
export type RouteView = z.infer<typeof routeView>;

export const providersOverview = z.object({
  simulated: z.boolean(),
  providers: z.array(providerView),
  routes: z.array(routeView),
  alerts: z.array(providerAlert),
});
export type ProvidersOverview = z.infer<typeof providersOverview>;

export const providerParam = z.strictObject({ name: providerName });

const percent = integer().check(z.minimum(0), z.maximum(100));

/** What staff change about one provider; at least one field. */
export const providerChangeBody = z
  .strictObject({
    switched_off: z.optional(z.boolean().check(z.meta({ title: "Switched off" }))),
    low_balance_warning: z.optional(koboAmount.check(z.meta({ title: "Warn when the balance is below" }))),
    min_success_percent: z.optional(percent.check(z.meta({ title: "Skip below this success rate (%)" }))),
    circuit_failures: z.optional(
      integer().check(
        z.minimum(1),
        z.maximum(100),
        z.meta({ title: "Failures in a row that open the circuit" }),
      ),
    ),
    circuit_minutes: z.optional(
      integer().check(z.minimum(1), z.maximum(1_440), z.meta({ title: "Minutes the circuit stays open" })),
    ),
    close_circuit: z.optional(z.literal(true).check(z.meta({ title: "Close the circuit now" }))),
  })
  .check(z.refine((body) => Object.keys(body).length > 0, { error: "Change at least one setting." }));
export type ProviderChangeBody = z.infer<typeof providerChangeBody>;

const scope = z.string().check(
  z.regex(/^(|\d{1,5}|\d{1,5}:(sme|corporate_gifting|gifting|direct))$/, {
    error: "A route is for the whole service, a network, or a network's plan type.",
  }),
);

/** A route saved in order; `providers` empty goes back to PROVIDERS' order. */
export const routeBody = z.strictObject({
  service: routedService,
  scope,
  providers: z.array(providerName).check(
    z.maxLength(10),
    z.refine((list) => new Set(list).size === list.length, { error: "Name each provider once." }),
  ),
});
export type RouteBody = z.infer<typeof routeBody>;
