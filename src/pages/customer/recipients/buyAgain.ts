import type { Transaction } from "../../../../schemas/transactions";

/** The wizard each kind is bought again in. */
const wizardOf: Partial<Record<Transaction["kind"], string>> = {
  airtime: "/airtime-vtu",
  data: "/data-subscriptions",
  tv: "/cable-subscriptions",
  electricity: "/utilities",
};

/** Where "Buy again" leads: the purchase's wizard, told which purchase to fill itself in from. */
export function buyAgainHref(t: Pick<Transaction, "id" | "kind">): string | null {
  const wizard = wizardOf[t.kind];
  return wizard ? `${wizard}?again=${t.id}` : null;
}
