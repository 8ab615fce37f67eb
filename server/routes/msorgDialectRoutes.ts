import { type Context, Hono } from "hono";
import {
  msorgAccount,
  msorgIucQuery,
  msorgListQuery,
  msorgMeterQuery,
  msorgRecord,
  msorgRecordParams,
} from "../../schemas/msorgDialect";
import { type PurchaseKind, purchaseKinds } from "../../schemas/transactions";
import type { AppDeps } from "../deps";
import { bodySizeLimit } from "../http/bodySizeLimit";
import { jsonAnswer } from "../http/jsonAnswer";
import { keyApiMaxBytes } from "../http/jsonLimits";
import { type KeyEnv, keyAuthorization } from "../http/keyAuthorization";
import { parseInput } from "../http/validate";
import { notFound, Refusal } from "../refusal";
import { electricity } from "../services/purchases/kinds/electricity";
import { purchaseKindModules } from "../services/purchases/kinds/purchaseKinds";
import { tv } from "../services/purchases/kinds/tv";
import { openVouchers } from "../services/purchases/vouchers";
import type { RecentReads } from "../services/recentReads";
import { keyPurchaseById, keyPurchasesOfKind, msorgPageSize } from "../services/resellers/keyPurchaseReads";
import { msorgAccountOf } from "../services/resellers/msorgAccount";
import { buyInDialect } from "../services/resellers/msorgPurchases";
import { msorgRecordOf, msorgServices } from "../services/resellers/msorgRecords";
import type { TransactionRow } from "../services/transactions/transactionRecords";
import { msorgErrorAnswer, msorgKeyRefusal } from "./msorgDialectAnswers";
import { bodyOf, queryOf } from "./msorgDialectInput";

/**
 * The market's dialect under /reseller/api/ (docs/RESELLERS.md): a reseller's script written for an
 * SME-data vendor works against OjaPay by changing its base URL. Routes translate HTTP only; prices,
 * limits and the purchase are the customer's own (services/resellers/keyPurchases.ts).
 */
export function msorgDialectRoutes(deps: AppDeps, recent: RecentReads | null = null) {
  const app = new Hono<KeyEnv>({ strict: false });
  /**
   * A purchase as the dialect's record, with the PINs it delivered: the answer to a purchase and to
   * `GET <service>/<id>/`, each the key's own account's (the list and the webhook carry none).
   */
  const recordAnswer = (c: Context<KeyEnv>, row: TransactionRow, status?: 201) =>
    jsonAnswer(c, msorgRecord.parse(msorgRecordOf(row, openVouchers(deps.config.voucherKey, row))), status);
  app.use(
    bodySizeLimit(keyApiMaxBytes, (c) =>
      jsonAnswer(c, { detail: "The request body is too large: at most 16 kB." }, 413),
    ),
  );
  // A purchase's hold counts the call against the key's rate limit (services/resellers/keyCall.ts).
  const purchases = new Set(Object.values(msorgServices).map((service) => `/${service}`));
  app.use(
    keyAuthorization(deps, "Token", msorgKeyRefusal, (c) => ({
      count: !(c.req.method === "POST" && purchases.has(c.req.path.replace(/^.*\/reseller\/api|\/+$/g, ""))),
      recent: recent?.enabled ? recent.keys : null,
    })),
  );

  /** A purchase as the dialect's record, 201, from the body as sent. */
  const buy = async (c: Context<KeyEnv>, kind: PurchaseKind) => {
    const body = await bodyOf(c, purchaseKindModules[kind].msorg.body);
    return recordAnswer(c, await buyInDialect(deps, c.get("keyCaller"), kind, body), 201);
  };

  app.get("/user", async (c) =>
    jsonAnswer(c, msorgAccount.parse(await msorgAccountOf(deps, c.get("keyCaller")))),
  );
  for (const kind of purchaseKinds) app.post(`/${msorgServices[kind]}`, (c) => buy(c, kind));

  app.get("/validateiuc", async (c) => {
    const query = queryOf(c, msorgIucQuery);
    return verified(c, () =>
      tv.checkRecipient(deps, { provider_id: query.cablename, smartcard: query.smart_card_number }),
    );
  });
  app.get("/validatemeter", async (c) => {
    const query = queryOf(c, msorgMeterQuery);
    return verified(c, () =>
      electricity.checkRecipient(deps, {
        disco_id: query.disconame,
        meter_number: query.meternumber,
        meter_type: query.mtype,
      }),
    );
  });

  for (const [kind, service] of Object.entries(msorgServices) as [PurchaseKind, string][]) {
    app.get(`/${service}`, async (c) => recentRecords(c, kind));
    app.get(`/${service}/:id`, async (c) => {
      const { id } = parseInput(msorgRecordParams, c.req.param(), 404);
      const row = await keyPurchaseById(deps, c.get("keyCaller"), id);
      if (row.kind !== kind) throw notFound();
      return recordAnswer(c, row);
    });
  }

  /** The account's purchases of one kind, newest first, a page at a time, as Django REST framework pages them. */
  async function recentRecords(c: Context<KeyEnv>, kind: PurchaseKind) {
    const { page } = queryOf(c, msorgListQuery);
    const { rows, total } = await keyPurchasesOfKind(deps.db, c.get("keyCaller"), kind, page);
    const link = (to: number) => {
      const url = new URL(c.req.url);
      url.searchParams.set("page", String(to));
      return url.toString();
    };
    return jsonAnswer(c, {
      count: total,
      next: page * msorgPageSize < total ? link(page + 1) : null,
      previous: page > 1 ? link(page - 1) : null,
      results: rows.map((row) => msorgRecord.parse(msorgRecordOf(row))),
    });
  }

  /** A check's answer: the name (and address) found, or `invalid` with the provider's words. */
  async function verified(
    c: Context<KeyEnv>,
    check: () => Promise<{ customer_name: string; address?: string }>,
  ) {
    try {
      const found = await check();
      return jsonAnswer(c, {
        invalid: false,
        name: found.customer_name,
        ...(found.address !== undefined && { address: found.address }),
      });
    } catch (error) {
      if (error instanceof Refusal && error.code === "invalid_input" && error.fields)
        return jsonAnswer(c, { invalid: true, name: error.msg });
      throw error;
    }
  }

  app.all("*", () => {
    throw notFound();
  });
  app.onError((error, c) => msorgErrorAnswer(deps, error, c));
  return app;
}
