import { lazyPart } from "./lazyPart";

export const setPinLabel = "Set your PIN";

// Only customers without a PIN draw it, so only they download its machine, modal and form library.
const PinSetup = lazyPart(() => import("./PinSetup").then((module) => module.PinSetup));

/** The Set your PIN button and the emailed-code flow behind it (PinSetup), its code fetched when drawn. */
export function SetPinAction({ onSet }: { onSet?: () => void }) {
  return (
    <PinSetup
      onSet={onSet}
      placeholder={
        <button type="button" className="button" disabled>
          {setPinLabel}
        </button>
      }
    />
  );
}
