import type { Choice } from "../../../../machines/purchaseMachine";
import type { Beneficiary, BeneficiaryBody } from "../../../../schemas/beneficiaries";

/** What a wizard's choice would save: its recipient and the network, TV provider or disco it is with. */
export type ChosenRecipient = BeneficiaryBody extends infer B
  ? B extends unknown
    ? Omit<B, "nickname">
    : never
  : never;

export function recipientOfChoice(choice: Choice): ChosenRecipient | null {
  switch (choice.kind) {
    case "airtime":
      return { kind: "phone", number: choice.order.phone, network_id: choice.order.network_id };
    case "data":
      return { kind: "phone", number: choice.order.phone, network_id: choice.draft.network_id };
    case "tv":
      return { kind: "smartcard", number: choice.order.smartcard, provider_id: choice.order.provider_id };
    case "electricity":
      return {
        kind: "meter",
        number: choice.order.meter_number,
        disco_id: choice.order.disco_id,
        meter_type: choice.order.meter_type,
      };
    default:
      return null;
  }
}

/** The saved entry for this recipient, if there is one: same kind, number and target. */
export function savedAs(saved: readonly Beneficiary[], chosen: ChosenRecipient): Beneficiary | undefined {
  const target = (b: ChosenRecipient | Beneficiary) =>
    "network_id" in b && b.network_id
      ? b.network_id
      : "provider_id" in b && b.provider_id
        ? b.provider_id
        : "disco_id" in b
          ? b.disco_id
          : null;
  const local = (number: string) => number.replace(/^\+?234/, "0");
  return saved.find(
    (b) => b.kind === chosen.kind && local(b.number) === local(chosen.number) && target(b) === target(chosen),
  );
}
