import type { LevelCap, PriceLevelInConsole } from "../../../../schemas/levels";
import { formatNaira } from "../../../format/money";
import "./levelSection.css";
import "./levelCaps.css";

const serviceNames: Record<LevelCap["service"], string> = {
  airtime: "Airtime",
  data_sme: "SME data",
  data_corporate_gifting: "Corporate gifting data",
  data_gifting: "Gifting data",
  data_direct: "Network plans",
  tv: "Cable TV",
  electricity: "Electricity",
  exam_pin: "Exam PINs",
  recharge_pin: "Recharge cards",
};

/** One product's cap, as the brief's own example reads: "2.5% asked, 0.5% given: capped at cost". */
function capWords(cap: LevelCap): string {
  if (cap.fee_from === null)
    return `${cap.asked_percent}% asked, ${cap.given_percent}% given: capped at cost`;
  return `${cap.asked_percent}% asked: from ${formatNaira(cap.fee_from)} the whole fee and no more (${cap.given_percent}% at the largest amount)`;
}

/** The caps of one service, in the server's order (network, then the catalogue's). */
function byService(caps: readonly LevelCap[]): [LevelCap["service"], LevelCap[]][] {
  const groups = new Map<LevelCap["service"], LevelCap[]>();
  for (const cap of caps) groups.set(cap.service, [...(groups.get(cap.service) ?? []), cap]);
  return [...groups];
}

const givenRange = (caps: readonly LevelCap[]) => {
  const given = caps.map((cap) => cap.given_percent);
  const [low, high] = [Math.min(...given), Math.max(...given)];
  return low === high ? `${low}%` : `${low}% to ${high}%`;
};

/** Up to four products (airtime's networks) are listed outright; more fold under one line saying how many and how much. */
const foldFrom = 5;

/**
 * Where a level's discounts are not given whole: a discount never takes a sale below what it costs
 * us (on electricity, never past the disco's fee), so staff see per product what the level asks and
 * what it gets. The server works the numbers out with the purchase path's own pricing functions.
 */
export function LevelCaps({ level }: { level: PriceLevelInConsole }) {
  const asksNothing = [
    level.airtime_percent,
    level.data_sme_percent,
    level.data_corporate_gifting_percent,
    level.data_gifting_percent,
    level.data_direct_percent,
    level.tv_percent,
    level.electricity_percent,
    level.exam_pin_percent,
    level.recharge_pin_percent,
  ].every((percent) => percent === 0);
  if (asksNothing) return null;
  return (
    <div className="level-section level-caps">
      <h3>Where cost caps the discount</h3>
      {level.capped.length === 0 ? (
        <p className="muted">Every product on sale gets {level.name}'s whole discount.</p>
      ) : (
        <ul>
          {byService(level.capped).map(([service, caps]) =>
            caps.length < foldFrom ? (
              caps.map((cap) => (
                <li key={`${service}:${cap.product}`}>
                  <strong>{cap.product}</strong>: {capWords(cap)}
                </li>
              ))
            ) : (
              <li key={service}>
                <details>
                  <summary>
                    <strong>{serviceNames[service]}</strong>: {caps.length} products capped (
                    {caps[0]?.asked_percent}% asked, {givenRange(caps)} given)
                  </summary>
                  <ul>
                    {caps.map((cap) => (
                      <li key={cap.product}>
                        <strong>{cap.product}</strong>: {capWords(cap)}
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ),
          )}
        </ul>
      )}
    </div>
  );
}
