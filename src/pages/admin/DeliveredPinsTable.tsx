import type { Voucher } from "../../../schemas/transactions";
import { ColumnHeads } from "../../components/ColumnHeads";

/**
 * The PINs a purchase delivered, on its own page only (the lists never carry them). Staff see them to
 * help the buyer; the note says so, since a PIN read out is a PIN spent.
 */
export function DeliveredPinsTable({ pins }: { pins: readonly Voucher[] }) {
  const hasSerials = pins.some((pin) => pin.serial !== null);
  // Recharge cards carry what to dial to load them; exam PINs have none.
  const hasLoadCodes = pins.some((pin) => pin.load_code !== undefined);
  return (
    <section className="card" aria-labelledby="txn-pins">
      <h2 id="txn-pins">PINs delivered</h2>
      <p className="muted">
        Staff see these PINs to help the buyer. Each can be used once: give them only to the buyer, never by
        phone to someone asking. A purchase that delivered PINs cannot be refunded.
      </p>
      <div className="admin-table-scroll">
        <table className="admin-table pins-table">
          <caption className="sr-only">PINs delivered</caption>
          <ColumnHeads columns={["PIN", hasSerials && "Serial number", hasLoadCodes && "Load code"]} />
          <tbody>
            {pins.map((pin) => (
              <tr key={`${pin.pin}:${pin.serial ?? ""}`}>
                <td data-label="PIN" className="admin-table-key keep-whole">
                  <span className="mono">{pin.pin}</span>
                </td>
                {hasSerials && (
                  <td data-label="Serial number" className="keep-whole">
                    <span className="mono">{pin.serial ?? "—"}</span>
                  </td>
                )}
                {hasLoadCodes && (
                  <td data-label="Load code" className="keep-whole">
                    <span className="mono">{pin.load_code ?? "—"}</span>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
