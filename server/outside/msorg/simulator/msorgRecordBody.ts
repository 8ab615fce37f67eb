import { lagosWallTime } from "../../../lagosCalendar";
import {
  cablePlans,
  cables,
  dataNetworks,
  discos,
  tokenInWordsDiscos,
  topupNetworks,
} from "./msorgCatalogue";
import { dataPlans } from "./msorgDataPlans";
import type { SimulatedRecord } from "./msorgLedger";
import { personFor } from "./msorgPeople";
import { rechargeCardPlans } from "./msorgRechargeCards";

/** The JSON a vendor answers a purchase and `GET <service>/<id>/` with, built from a record. */

/** Naira as the vendors write them: "235.0". */
const naira = (kobo: number) => (kobo % 100 === 0 ? (kobo / 100).toFixed(1) : (kobo / 100).toFixed(2));

/** Django's time, as these vendors serve it: Lagos time, microseconds, no zone. */
export function djangoTimestamp(iso: string): string {
  return lagosWallTime(Date.parse(iso)).replace(/Z$/, "000");
}

const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, "$1 ");

function wordsOf(record: SimulatedRecord): string {
  if (record.status === "failed") return "Transaction failed. Your wallet has been refunded.";
  if (record.status === "processing") return "Transaction is processing";
  if (record.service === "data") {
    const plan = dataPlans.find((p) => p.dataplan_id === record.planId);
    return `You have successfully shared ${plan?.plan ?? "data"} Data to 234${record.recipient.slice(1)}.`;
  }
  if (record.service === "billpayment" && record.token && tokenInWordsDiscos.includes(record.productId))
    return `Payment successful. Token: ${record.token.digits.replace(/(\d{4})(?=\d)/g, "$1-")} Units: ${record.token.units}kWh`;
  return "TRANSACTION SUCCESSFUL";
}

function serviceFields(record: SimulatedRecord): Record<string, unknown> {
  switch (record.service) {
    case "topup":
      return {
        network: record.productId,
        airtime_type: "VTU",
        mobile_number: record.recipient,
        amount: naira(record.amountKobo),
        plan_amount: `N${record.amountKobo / 100}`,
        plan_network: topupNetworks[record.productId],
        Ported_number: true,
      };
    case "data": {
      const plan = dataPlans.find((p) => p.dataplan_id === record.planId);
      return {
        network: record.productId,
        mobile_number: record.recipient,
        plan: record.planId,
        plan_network: dataNetworks[record.productId],
        plan_name: plan?.plan,
        plan_amount: `₦${naira(record.amountKobo)}`,
        Ported_number: true,
      };
    }
    case "cablesub":
      return {
        cablename: record.productId,
        cable_name: cables[record.productId],
        cableplan: record.planId,
        package: cablePlans.find((p) => p.id === record.planId)?.name,
        smart_card_number: record.recipient,
        plan_amount: naira(record.amountKobo),
        customer_name: personFor(record.recipient).name,
      };
    case "billpayment": {
      const person = personFor(record.recipient);
      const inToken = record.token && !tokenInWordsDiscos.includes(record.productId);
      return {
        disco_name: record.productId,
        disco: discos[record.productId],
        meter_number: record.recipient,
        MeterType: record.meterType,
        amount: naira(record.amountKobo),
        customer_name: person.name,
        customer_address: person.address,
        ...(inToken &&
          record.token && {
            token: `Token : ${grouped(record.token.digits)}`,
            units: `${record.token.units} kWh`,
          }),
      };
    }
    case "epin":
      return {
        exam_name: record.recipient,
        quantity: record.quantity ?? 1,
        amount: naira(record.amountKobo),
        // The convention's way: each card `<pin><=><serial>`, one a line, once delivered.
        ...(record.pins && {
          data_pin: { pin: record.pins.map((card) => `${card.pin}<=>${card.serial}`).join("\n") },
        }),
      };
    case "rechargepin": {
      const plan = rechargeCardPlans[record.planId ?? 0];
      return {
        network: record.productId,
        network_amount: record.planId,
        plan_network: topupNetworks[record.productId],
        name_on_card: record.recipient,
        quantity: record.quantity ?? 1,
        amount: naira(record.amountKobo),
        // As the script's clients read them: the cards' PINs and serials comma-separated in one order.
        ...(record.pins && {
          pin: record.pins.map((card) => card.pin).join(","),
          serial: record.pins.map((card) => card.serial).join(","),
          ...(plan?.loadPin && { load_pin: plan.loadPin }),
          check_balance: "*310#",
        }),
      };
    }
  }
}

export function recordBody(record: SimulatedRecord): Record<string, unknown> {
  return {
    id: record.id,
    ident: record.ident,
    ...serviceFields(record),
    paid_amount: naira(record.paidKobo),
    balance_before: naira(record.balanceBeforeKobo),
    balance_after: naira(record.balanceBeforeKobo - record.paidKobo),
    Status: record.status,
    api_response: wordsOf(record),
    create_date: djangoTimestamp(record.createdAt),
  };
}
