import { useMachine } from "@xstate/react";
import { useEffect, useRef } from "react";
import { useCustomerServices } from "../../app/AppServices";
import { useGlobalLoading } from "../../components/globalLoading";
import { PinResetModal } from "./PinResetModal";
import { setPinLabel } from "./SetPinAction";
import { usePinResetLogic } from "./usePinResetLogic";

/**
 * Set your PIN where a customer without one meets the need for it (the dashboard's first steps, the
 * wizard's confirm step): Profile's Reset Pin flow (pinResetMachine and its modal), run in place, so
 * whatever the customer was doing stays on the screen. `onSet` runs once the PIN is set.
 */
export function PinSetup({ onSet }: { onSet?: (() => void) | undefined }) {
  const { inspect } = useCustomerServices();
  const [pin, sendPin] = useMachine(usePinResetLogic(), { inspect });
  useGlobalLoading(pin.matches("requesting"));
  const set = pin.matches("done");
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // The modal gave focus back to a button that is gone now: it goes to what took the button's place.
    if (set) said.current?.focus();
  }, [set]);
  useEffect(() => {
    if (set) onSet?.();
  }, [set, onSet]);

  if (set)
    return (
      <p ref={said} role="status" tabIndex={-1}>
        Your PIN is set.
      </p>
    );
  const modalOpen = pin.matches("codeSent") || pin.matches("resending") || pin.matches("confirming");
  return (
    <>
      <button type="button" className="button" onClick={() => sendPin({ type: "pin.request" })}>
        {setPinLabel}
      </button>
      {modalOpen && (
        <PinResetModal
          busy={pin.matches("confirming") || pin.matches("resending")}
          resending={pin.matches("resending")}
          error={pin.context.error}
          onConfirm={(input) => sendPin({ type: "pin.confirm", ...input })}
          onResend={() => sendPin({ type: "pin.resend" })}
          onClose={() => sendPin({ type: "pin.cancel" })}
        />
      )}
    </>
  );
}
