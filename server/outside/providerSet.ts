import type { Provider } from "./provider";

/** The providers `PROVIDERS` lists, in its order: the default priority of every route. */
export interface ProviderSet {
  readonly list: readonly Provider[];
  /** The provider of that name (a purchase's `provider`); throws for one not configured. */
  get(name: string): Provider;
  has(name: string): boolean;
  /** The name staff know a provider by; an unknown one (a provider since removed) as it is. */
  labelOf(name: string): string;
}

/** The provider a purchase went to: every purchase names one (migration 0013 named the oldest). */
export function providerNameOf(purchase: { provider: string | null; reference: string }): string {
  if (!purchase.provider) throw new Error(`${purchase.reference} names no provider`);
  return purchase.provider;
}

export function providerSet(list: readonly Provider[]): ProviderSet {
  if (list.length === 0) throw new Error("at least one provider is needed");
  const byName = new Map(list.map((provider) => [provider.name, provider]));
  return {
    list,
    get(name) {
      const found = byName.get(name);
      if (!found) throw new Error(`the provider ${name} is not configured (PROVIDERS)`);
      return found;
    },
    has: (name) => byName.has(name),
    labelOf: (name) => byName.get(name)?.label ?? name,
  };
}
