import { type CSSProperties, useCallback } from "react";
import { Link } from "wouter";
import type { PrintedCards, Transaction, Voucher } from "../../../../schemas/transactions";
import { ApiFailure } from "../../../api/client";
import { useCustomerServices } from "../../../app/AppServices";
import { saveFile } from "../../../app/saveFile";
import { useLoad } from "../../../app/useLoad";
import { usePageTitle } from "../../../app/usePageTitle";
import { formatNaira } from "../../../format/money";
import { pinGroups } from "../../../text/pinGroups";
import { rechargeCardsCsv, rechargeCardsCsvName } from "./rechargeCardsCsv";
import "./rechargeCards.css";

/** Cards on one A4 sheet: 3 across and 8 down, each 62 × 33 mm, inside 10 mm margins (rechargeCards.css). */
export const cardsPerSheet = 24;

const sheetsOf = <T,>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / cardsPerSheet) }, (_, i) =>
    items.slice(i * cardsPerSheet, (i + 1) * cardsPerSheet),
  );

/** A recharge purchase's cards, laid out to print on A4 and cut apart; read from the purchase's own answer. */
export default function RechargeCardsPrintPage({ reference }: { reference: string }) {
  const { customer } = useCustomerServices();
  const purchase = useLoad(useCallback(() => customer.transaction(reference), [customer, reference]));
  usePageTitle("Print recharge cards");

  const notFound =
    purchase.state === "failed" && purchase.error instanceof ApiFailure && purchase.error.status === 404;
  const receipt = `/transaction-history/${reference}`;
  return (
    <div className="card-print-page">
      <h1>Print recharge cards</h1>
      {purchase.state === "loading" && <p role="status">Loading your cards…</p>}
      {purchase.state === "failed" && (
        <div className="card load-failed">
          <p>{notFound ? "We could not find that purchase." : "We could not load your cards."}</p>
          {!notFound && (
            <button type="button" className="button" onClick={purchase.retry}>
              Try again
            </button>
          )}
        </div>
      )}
      {purchase.state === "ready" && (
        <PrintableCards transaction={purchase.data} onRecheck={purchase.retry} receipt={receipt} />
      )}
    </div>
  );
}

function PrintableCards({
  transaction: t,
  onRecheck,
  receipt,
}: {
  transaction: Transaction;
  onRecheck: () => void;
  receipt: string;
}) {
  const back = (
    <Link href={receipt} className="button secondary">
      Back to receipt
    </Link>
  );
  const { cards, pins } = t;
  if (t.kind !== "recharge_pin" || !cards)
    return (
      <div className="card">
        <p>This purchase has no recharge cards to print.</p>
        {back}
      </div>
    );
  if (!pins || pins.length === 0)
    return (
      <div className="card">
        {t.status === "pending" ? (
          <>
            <p>Your cards come here once the provider confirms the purchase. Your money is held, not lost.</p>
            <button type="button" className="button" onClick={onRecheck}>
              Check again
            </button>
          </>
        ) : (
          <p>This purchase delivered no cards. Your money was returned to your wallet.</p>
        )}
        {back}
      </div>
    );
  const count = pins.length === 1 ? "1 card" : `${pins.length} cards`;
  return (
    <>
      <div className="card card-print-toolbar">
        <p>
          {count}: {cards.network} {formatNaira(cards.denomination, true)}, printed with “{cards.name_on_card}
          ”. {cardsPerSheet} fit an A4 sheet; print at 100% scale (“Actual size”).
        </p>
        <div className="card-print-actions">
          <button type="button" className="button" onClick={() => window.print()}>
            Print
          </button>
          <button
            type="button"
            className="button secondary"
            onClick={() => saveFile(rechargeCardsCsv(cards, pins), rechargeCardsCsvName(t.reference))}
          >
            Download CSV
          </button>
          {back}
        </div>
      </div>
      <div className="card-sheets">
        {sheetsOf(pins).map((sheet, s) => (
          <ol
            // biome-ignore lint/suspicious/noArrayIndexKey: a sheet is its place among the sheets
            key={s}
            className="card-sheet"
            start={s * cardsPerSheet + 1}
            aria-label={`Cards ${s * cardsPerSheet + 1} to ${s * cardsPerSheet + sheet.length}`}
          >
            {sheet.map((card) => (
              <PrintedCard key={`${card.pin}:${card.serial ?? ""}`} cards={cards} card={card} />
            ))}
          </ol>
        ))}
      </div>
    </>
  );
}

function PrintedCard({ cards, card }: { cards: PrintedCards; card: Voucher }) {
  const digits = card.pin.replace(/\s+/g, "").length;
  return (
    <li className="printed-card">
      <p className="printed-card-business">{cards.name_on_card}</p>
      <p className="printed-card-head">
        <span>{cards.network}</span>
        <span>{formatNaira(cards.denomination, true)}</span>
      </p>
      <p className="printed-card-pin" style={{ "--pin-length": digits } as CSSProperties}>
        <span className="sr-only">PIN </span>
        {pinGroups(card.pin).map((group, g) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a group is its place in the PIN
          <span key={g}>{group}</span>
        ))}
      </p>
      {card.load_code && <p className="printed-card-load">Dial {card.load_code}</p>}
      {card.serial && <p className="printed-card-serial">S/N {card.serial}</p>}
    </li>
  );
}
