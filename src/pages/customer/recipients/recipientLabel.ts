import type { Beneficiary } from "../../../../schemas/beneficiaries";

/**
 * A saved recipient in one line, as the wizards offer it: "Mum · 08031234567, MTN", and for a meter
 * or smartcard its type and the name the provider gave at the last check ("…, prepaid, ADEBAYO O.").
 */
export function recipientLabel(b: Beneficiary): string {
  const facts = [b.target, b.meter_type, b.verified_name].filter(Boolean);
  return `${b.nickname} · ${b.number}, ${facts.join(", ")}`;
}
