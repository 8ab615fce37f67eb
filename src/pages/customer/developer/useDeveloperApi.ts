import { useState } from "react";
import { appClient } from "../../../api/appClient";
import { type DeveloperApi, developerApi } from "../../../api/developerApi";
import { useAppServices } from "../../../app/AppServices";

/**
 * The developer API a test provided, or the real one: made here, in the Developer page's own code,
 * so no other customer page downloads its calls (as useSignedOutApi does for the sign-up pages).
 */
export function useDeveloperApi(): DeveloperApi {
  const { developer } = useAppServices();
  const [api] = useState(() => developer ?? developerApi(appClient));
  return api;
}
