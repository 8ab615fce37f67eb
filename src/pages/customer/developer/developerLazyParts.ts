import { lazyPart } from "../lazyPart";

/**
 * The Developer page's tools, fetched as the page opens and drawn once they arrive: the keys' forms
 * and modals need react-hook-form, and with the deliveries, the calls and the samples they would put
 * the page past the customer pages' ceiling of 1.8 × the React floor (bench/budgets.json).
 */
export const DeveloperTools = lazyPart(() =>
  import("./DeveloperTools").then((module) => module.DeveloperTools),
);
