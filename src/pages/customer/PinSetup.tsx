import { useEffect, useRef } from "react";
import { PinResetModal } from "./PinResetModal";
import { setPinLabel } from "./SetPinAction";
import { usePinReset } from "./usePinReset";

/**
 * Set your PIN where a customer without one meets the need for it (the dashboard's first steps, the
 * wizard's confirm step): Profile's Reset Pin flow (pinResetMachine and its modal, titled for a first
 * PIN), run in place, so whatever the customer was doing stays on the screen. `onSet` runs once the PIN is set.
 */
export function PinSetup({ onSet }: { onSet?: (() => void) | undefined }) {
  const { set, request, modal } = usePinReset();
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
  return (
    <>
      <button type="button" className="button" onClick={request}>
        {setPinLabel}
      </button>
      {modal && <PinResetModal firstPin {...modal} />}
    </>
  );
}
