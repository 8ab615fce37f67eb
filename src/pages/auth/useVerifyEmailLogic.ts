import { useState } from "react";
import { verifyEmailMachine } from "../../../machines/verifyEmailMachine";
import { verifyEmailActors } from "../../actors/verifyEmailActors";
import { useAppServices } from "../../app/AppServices";
import { useSignedOutApi } from "../../app/useSignedOutApi";

/**
 * The email check's machine with the real actors, or the one a test provided. Provided here, with the
 * verify modal that runs it, rather than with the session every page downloads.
 */
export function useVerifyEmailLogic(): typeof verifyEmailMachine {
  const { verifyEmailLogic } = useAppServices();
  const signedOut = useSignedOutApi();
  const [logic] = useState(
    () => verifyEmailLogic ?? verifyEmailMachine.provide({ actors: verifyEmailActors(signedOut) }),
  );
  return logic;
}
