import type { CSSProperties } from "react";
import type { Voucher } from "../../schemas/transactions";
import { pinGroups } from "../text/pinGroups";
import { CopyButton } from "./CopyButton";
import "./deliveredPins.css";

/** Its characters, which size its type so that the longest (a 19-digit token) fits a phone's card on one line. */
const pinLength = (pin: string) => pin.replace(/\s+/g, "").length;

/** Every PIN on a line of its own with its serial, for "Copy all PINs". */
export const allPinsText = (pins: readonly Voucher[]) =>
  pins.map((v, i) => `PIN ${i + 1}: ${v.pin}${v.serial ? `, serial ${v.serial}` : ""}`).join("\n");

/**
 * The PINs a purchase delivered (exam PINs), each large and grouped with its serial and a copy
 * button, and one to copy them all; on the wizard's result and the receipt, which the buyer alone sees.
 */
export function DeliveredPins({ pins }: { pins: readonly Voucher[] }) {
  const one = pins.length === 1;
  return (
    <section className="pins-box" aria-labelledby="pins-title">
      <h2 id="pins-title">{one ? "Your PIN" : `Your ${pins.length} PINs`}</h2>
      <p className="muted">We also emailed {one ? "it" : "them"} to you.</p>
      <ol className="pin-list">
        {pins.map((voucher, i) => (
          <li key={`${voucher.pin}:${voucher.serial}`} className="pin-card">
            {!one && <p className="pin-label">PIN {i + 1}</p>}
            <p className="pin-digits" style={{ "--pin-length": pinLength(voucher.pin) } as CSSProperties}>
              {pinGroups(voucher.pin).map((group, g) => (
                // Groups wrap as wholes on a narrow screen, never a digit or two alone on a line.
                // biome-ignore lint/suspicious/noArrayIndexKey: a group is its place in the PIN
                <span key={g}>{group}</span>
              ))}
            </p>
            {voucher.serial && (
              <p className="pin-serial">
                Serial <span className="mono">{voucher.serial}</span>
              </p>
            )}
            <CopyButton
              text={voucher.pin.replace(/\s+/g, "")}
              label={one ? "Copy PIN" : `Copy PIN ${i + 1}`}
              what="the PIN"
            />
          </li>
        ))}
      </ol>
      {!one && <CopyButton text={allPinsText(pins)} label="Copy all PINs" what="the PINs" />}
    </section>
  );
}
