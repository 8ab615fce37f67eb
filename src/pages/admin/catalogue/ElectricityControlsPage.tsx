import { useCallback } from "react";
import { discoEdit } from "../../../../schemas/catalogueEditors";
import { useAdminServices } from "../../../app/AppServices";
import { ControlCards } from "./ControlCards";
import { OfferList } from "./OfferList";

/** /admin/manage-electricity: each distribution company's switch, limits and service fee, and who sells it. */
export default function ElectricityControlsPage() {
  const { admin } = useAdminServices();
  return (
    <ControlCards
      title="Electricity controls"
      intro="Each electricity company: on sale or not, the purchase limits and the service fee, and each provider's offer."
      schema={discoEdit}
      load={useCallback(() => admin.discos(), [admin])}
      save={admin.patchDisco}
      name={(disco) => disco.name}
      footer={(disco, reload) => (
        <OfferList
          key={JSON.stringify(disco.offers)}
          service="electricity"
          productId={disco.id}
          productName={disco.name}
          offers={disco.offers}
          onChanged={reload}
        />
      )}
    />
  );
}
