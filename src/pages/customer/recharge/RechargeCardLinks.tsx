import { Link } from "wouter";
import type { Transaction } from "../../../../schemas/transactions";
import { saveFile } from "../../../app/saveFile";
import { printPath, rechargeCardsCsv, rechargeCardsCsvName } from "./rechargeCardsCsv";
import "./rechargeCardLinks.css";

/**
 * Where a delivered recharge purchase's cards go next: the print page, or a CSV made here in the
 * browser from the answer already on screen. Nothing when the cards have not come yet.
 */
export function RechargeCardLinks({ transaction: t }: { transaction: Transaction }) {
  const { cards, pins } = t;
  if (!cards || !pins || pins.length === 0) return null;
  return (
    <div className="recharge-card-links">
      <Link href={printPath(t.reference)} className="button">
        Print cards
      </Link>
      <button
        type="button"
        className="button secondary"
        onClick={() => saveFile(rechargeCardsCsv(cards, pins), rechargeCardsCsvName(t.reference))}
      >
        Download CSV
      </button>
    </div>
  );
}
