import { useCallback } from "react";
import { rechargeCardEdit, type StaffRechargeCard } from "../../../../schemas/rechargeCardStaff";
import { useAdminServices } from "../../../app/AppServices";
import { usePageTitle } from "../../../app/usePageTitle";
import { formatNaira } from "../../../format/money";
import { useSession } from "../../../session/useSession";
import { OfferSummary, planOffers } from "./OfferList";
import { PlanList } from "./PlanList";
import "../admin.css";

/** A card as the list names it: "MTN ₦100". */
type NamedCard = StaffRechargeCard & { name: string };

const columns = [
  { label: "Value", value: (c: NamedCard) => formatNaira(c.denomination), numeric: true },
  { label: "Price", value: (c: NamedCard) => formatNaira(c.price), numeric: true },
  { label: "Offers", value: (c: NamedCard) => <OfferSummary offers={c.offers} /> },
  { label: "Sales", value: (c: NamedCard) => (c.has_sales ? "Yes" : "None yet") },
] as const;

/**
 * /admin/manage-recharge-pins: each network's ₦100, ₦200, ₦500 and ₦1,000 cards (fixed: there is no
 * adding one), their price to customers before their level's discount, and who sells each at what
 * cost. Admins price them and switch them on or off (the server's sys.admin/ paths); staff read them.
 */
export default function RechargeCardsPage() {
  const { admin } = useAdminServices();
  const { profile } = useSession();
  const isAdmin = profile?.role === "admin";
  usePageTitle("Recharge cards");
  const load = useCallback(
    async () =>
      (await admin.rechargeCards()).map((card) => ({
        ...card,
        name: `${card.network} ${formatNaira(card.denomination, true)}`,
      })),
    [admin],
  );
  return (
    <div className="admin-page">
      <h1>Recharge cards</h1>
      <p className="muted">
        {isAdmin
          ? "Every network's four cards are listed. A card is sold at or below its value, never above; each needs a provider that sells it (Edit, then Add an offer) before customers can buy it."
          : "Admins price and switch recharge cards on or off; here you see each one, its price and who sells it."}
      </p>
      <PlanList
        noun="recharge card"
        load={load}
        columns={columns}
        editSchema={rechargeCardEdit}
        update={isAdmin ? (id, changes) => admin.patchRechargeCard(id, changes) : undefined}
        details={planOffers("recharge_pin")}
      />
    </div>
  );
}
