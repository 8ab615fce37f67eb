import { useCallback } from "react";
import { discoEdit } from "../../../../schemas/catalogueEditors";
import { useAdminServices } from "../../../app/AppServices";
import { ControlCards } from "./ControlCards";

/** /admin/manage-electricity: each distribution company's switch, limits and service fee. */
export default function ElectricityControlsPage() {
  const { admin } = useAdminServices();
  return (
    <ControlCards
      title="Electricity controls"
      intro="Each electricity company: on sale or not, the purchase limits and the service fee."
      schema={discoEdit}
      load={useCallback(() => admin.discos(), [admin])}
      save={admin.patchDisco}
      name={(disco) => disco.name}
    />
  );
}
