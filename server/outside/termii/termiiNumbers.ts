/**
 * A Nigerian mobile number as the gateway wants it: international, without the plus (`2348031234567`).
 * Accepts the forms OjaPay holds (`0803…`, `234803…`, `+234803…`); null for anything else.
 */
export function internationalPhone(phone: string): string | null {
  const compact = phone.replace(/[\s-]/g, "");
  const match = /^(?:\+?234|0)([789][01]\d{8})$/.exec(compact);
  return match ? `234${match[1]}` : null;
}
