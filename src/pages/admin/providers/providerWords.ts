import type { ProviderView } from "../../../../schemas/providers";
import { formatCount } from "../../../format/formatCount";

/** The circuit's state in staff's words: what routing does with the provider now. */
export const circuitWords: Record<ProviderView["circuit"]["state"], string> = {
  closed: "Closed",
  open: "Open: skipped",
  probing: "Probing: the next purchase tries it",
};

/** "92% delivered", or that nothing was answered in the window. */
export function successWords(health: ProviderView["health"]): string {
  return health.success_percent === null
    ? `No answers in ${health.window_minutes} minutes`
    : `${health.success_percent}% delivered`;
}

export const millis = (ms: number | null) => (ms === null ? "—" : `${formatCount(ms)} ms`);
