import { z } from "zod/mini";
import { providerChangeBody } from "../../../../schemas/providers";

const { shape } = providerChangeBody;

/**
 * The settings form of one provider: the four numbers of the PATCH body, each required here, so a
 * box left empty is said to be wrong rather than quietly sent as "no change". Their titles, limits
 * and the money widget come from the shared schema; the form sends only what changed.
 */
export const providerSettings = z.strictObject({
  low_balance_warning: shape.low_balance_warning.def.innerType,
  min_success_percent: shape.min_success_percent.def.innerType,
  circuit_failures: shape.circuit_failures.def.innerType,
  circuit_minutes: shape.circuit_minutes.def.innerType,
});
