import { useMachine } from "@xstate/react";
import { useCustomerServices } from "../../app/AppServices";
import { useGlobalLoading } from "../../components/globalLoading";
import { usePinResetLogic } from "./usePinResetLogic";

/**
 * Profile's Reset Pin and the Set your PIN of the dashboard and the wizard, one flow: the PIN reset
 * machine, the page's loading bar while the code is asked for, and the modal's props while it is open.
 */
export function usePinReset() {
  const { inspect } = useCustomerServices();
  const [pin, sendPin] = useMachine(usePinResetLogic(), { inspect });
  useGlobalLoading(pin.matches("requesting"));
  const cancel = () => sendPin({ type: "pin.cancel" });
  const modalOpen = pin.matches("codeSent") || pin.matches("resending") || pin.matches("confirming");
  return {
    set: pin.matches("done"),
    request: () => sendPin({ type: "pin.request" }),
    cancel,
    /** The modal's props while it should show, else null. */
    modal: modalOpen
      ? {
          busy: pin.matches("confirming") || pin.matches("resending"),
          resending: pin.matches("resending"),
          error: pin.context.error,
          onConfirm: (input: { code: string; new_pin: string }) => sendPin({ type: "pin.confirm", ...input }),
          onResend: () => sendPin({ type: "pin.resend" }),
          onClose: cancel,
        }
      : null,
  };
}
