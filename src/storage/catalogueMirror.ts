import type { CatalogueOf, PurchaseCatalogue } from "../../schemas/catalogue";
import { catalogueContracts } from "../../schemas/routes/catalogue";
import type { PurchaseKind } from "../../schemas/transactions";
import { clientStore, type StorageKey } from "./clientStore";

type Part = readonly [
  key: StorageKey,
  field: string,
  schema: { safeParse(value: unknown): { success: boolean; data?: unknown } },
];

const answers = (key: keyof typeof catalogueContracts) => catalogueContracts[key].result;

/**
 * Each wizard's catalogue under the spec's keys (section 3), checked on the way back by the very
 * schemas its calls answer with. Only public prices live here: what anyone may read off the catalogue
 * pages, never a balance, a history or a token, so a shared phone gives nothing away.
 */
const parts: Record<PurchaseKind, readonly Part[]> = {
  airtime: [["airtimeControl", "controls", answers("GET /core/customer/fetch/airtime")]],
  data: [
    ["dataControl", "networks", answers("GET /core/customer/fetch/data")],
    ["dataPlans", "plans", answers("GET /core/customer/fetch/data/:id")],
  ],
  tv: [
    ["cableControl", "providers", answers("GET /core/customer/fetch/tv")],
    ["cableTvPlans", "plans", answers("GET /core/customer/fetch/tv/:id")],
  ],
  electricity: [["electricityControl", "discos", answers("GET /core/customer/fetch/electricity")]],
  exam_pin: [["examControl", "products", answers("GET /core/customer/fetch/exam-pins")]],
  recharge_pin: [["rechargeControl", "cards", answers("GET /core/customer/fetch/recharge-pins")]],
};

/**
 * The last catalogue each wizard loaded, so the next visit draws real choices at once while the
 * fresh one is asked for. Cleared with everything else at sign-out and expiry (clientStore.clear).
 */
export const catalogueMirror = {
  /** The stored catalogue of a product, or null when any part is missing or not what we wrote. */
  read<K extends PurchaseKind>(product: K): CatalogueOf<K> | null {
    const catalogue: Record<string, unknown> = { kind: product };
    for (const [key, field, schema] of parts[product]) {
      const stored = schema.safeParse(clientStore.read(key));
      if (!stored.success) return null;
      catalogue[field] = stored.data;
    }
    return catalogue as unknown as CatalogueOf<K>;
  },
  write(catalogue: PurchaseCatalogue) {
    const fields = catalogue as unknown as Record<string, unknown>;
    for (const [key, field] of parts[catalogue.kind]) clientStore.write(key, fields[field]);
  },
};
