import { useState } from "react";
import { pinResetMachine } from "../../../machines/pinResetMachine";
import { pinResetActors } from "../../actors/pinResetActors";
import { useAppServices } from "../../app/AppServices";

/**
 * The PIN reset machine with the real actors, or the one a test provided. Provided here, in the
 * profile's chunk, rather than with the customer area's services, which every customer page downloads.
 */
export function usePinResetLogic(): typeof pinResetMachine {
  const { pinResetLogic, accounts, session } = useAppServices();
  const [logic] = useState(
    () =>
      pinResetLogic ??
      pinResetMachine.provide({
        actors: pinResetActors(accounts),
        // The PIN changed: has_pin must be right everywhere the profile is shown.
        actions: { pinChanged: () => session.send({ type: "profile.refresh" }) },
      }),
  );
  return logic;
}
