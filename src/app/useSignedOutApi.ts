import { useState } from "react";
import { appClient } from "../api/appClient";
import { type SignedOutApi, signedOutApi } from "../api/signedOutApi";
import { useAppServices } from "./AppServices";

/** The signed-out API a test provided, or the real one: made here, so only the pages that use it download it. */
export function useSignedOutApi(): SignedOutApi {
  const { signedOut } = useAppServices();
  const [api] = useState(() => signedOut ?? signedOutApi(appClient));
  return api;
}
