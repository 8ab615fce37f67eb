import type { AppDeps } from "../deps";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { rememberVerifiedName } from "../services/beneficiaries/verifiedNames";
import { electricity } from "../services/purchases/kinds/electricity";
import { tv } from "../services/purchases/kinds/tv";
import { customerPurchases } from "./customerPurchases";

export function purchaseRoutes(deps: AppDeps) {
  const { buy, history } = customerPurchases(deps);
  return [
    implement("POST /core/customer/airtime", ({ body, c }) => buy(c, "airtime", body)),
    implement("GET /core/customer/airtime", history("airtime")),
    implement("POST /core/customer/data-bundle", ({ body, c }) => buy(c, "data", body)),
    implement("GET /core/customer/data-bundle", history("data")),
    implement("POST /core/customer/tv", async ({ body, c }) => {
      if (body.action === "verify") {
        const found = await tv.checkRecipient(deps, body);
        const smartcard = {
          kind: "smartcard",
          number: body.smartcard,
          providerId: body.provider_id,
        } as const;
        await rememberVerifiedName(deps, sessionOf(c).user.id, smartcard, found.customer_name);
        return { msg: "Smartcard verified.", data: found };
      }
      return buy(c, "tv", body);
    }),
    implement("GET /core/customer/tv", history("tv")),
    implement("POST /core/customer/electricity", async ({ body, c }) => {
      if (body.action === "verify") {
        const found = await electricity.checkRecipient(deps, body);
        const meter = { kind: "meter", number: body.meter_number, discoId: body.disco_id } as const;
        await rememberVerifiedName(deps, sessionOf(c).user.id, meter, found.customer_name);
        return { msg: "Meter verified.", data: found };
      }
      return buy(c, "electricity", body);
    }),
    implement("GET /core/customer/electricity", history("electricity")),
  ];
}
