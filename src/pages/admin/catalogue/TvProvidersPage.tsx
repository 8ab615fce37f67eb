import { useCallback } from "react";
import { Link } from "wouter";
import { tvProviderEdit } from "../../../../schemas/catalogueEditors";
import { useAdminServices } from "../../../app/AppServices";
import { ControlCards } from "./ControlCards";

/** /admin/manage-tv: each TV provider's switch and service fee, and the way to its bouquets. */
export default function TvProvidersPage() {
  const { admin } = useAdminServices();
  return (
    <ControlCards
      title="TV controls"
      intro="Each TV provider: on sale or not and the service fee. Open a provider's bouquets to change their prices."
      schema={tvProviderEdit}
      load={useCallback(() => admin.tvProviders(), [admin])}
      save={admin.patchTvProvider}
      name={(provider) => provider.name}
      footer={(provider) => (
        <Link className="button secondary" href={`/manage-tv/${provider.id}`}>
          {provider.name} bouquets
        </Link>
      )}
    />
  );
}
