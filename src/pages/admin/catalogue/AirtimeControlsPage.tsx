import { useCallback } from "react";
import { airtimeControlEdit } from "../../../../schemas/catalogueEditors";
import { useAdminServices } from "../../../app/AppServices";
import { ControlCards } from "./ControlCards";
import { OfferList } from "./OfferList";

/** /admin/manage-airtime: each network's airtime switch, discount and limits, and who sells it at what commission. */
export default function AirtimeControlsPage() {
  const { admin } = useAdminServices();
  return (
    <ControlCards
      title="Airtime controls"
      intro="Each network's airtime: on sale or not, the customer's discount and the purchase limits, and each provider's offer with the commission it gives us (keep the discount below the smallest)."
      schema={airtimeControlEdit}
      load={useCallback(() => admin.airtimeControls(), [admin])}
      save={admin.patchAirtimeControl}
      name={(control) => control.network}
      footer={(control, reload) => (
        <OfferList
          key={JSON.stringify(control.offers)}
          service="airtime"
          productId={control.id}
          productName={`${control.network} airtime`}
          offers={control.offers}
          onChanged={reload}
        />
      )}
    />
  );
}
