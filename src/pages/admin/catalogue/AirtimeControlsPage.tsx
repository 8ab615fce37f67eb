import { useCallback } from "react";
import { airtimeControlEdit } from "../../../../schemas/catalogueEditors";
import { useAdminServices } from "../../../app/AppServices";
import { ControlCards } from "./ControlCards";

/** /admin/manage-airtime: each network's airtime switch, discount, commission and limits. */
export default function AirtimeControlsPage() {
  const { admin } = useAdminServices();
  return (
    <ControlCards
      title="Airtime controls"
      intro="Each network's airtime: on sale or not, the customer's discount, our commission and the purchase limits."
      schema={airtimeControlEdit}
      load={useCallback(() => admin.airtimeControls(), [admin])}
      save={admin.patchAirtimeControl}
      name={(control) => control.network}
    />
  );
}
