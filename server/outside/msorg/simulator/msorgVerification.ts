import { cables, discos } from "./msorgCatalogue";
import { msorgTriggers } from "./msorgOutcomes";
import { personFor } from "./msorgPeople";
import { jsonReply, type Reply } from "./msorgReplies";

/**
 * `validateiuc` and `validatemeter`: `{invalid, name, address?}`. A number ending 4444 is not
 * found. The disco may be named by id or by name ("Ikeja Electric"), and the meter type as
 * `prepaid`/`postpaid` or `1`/`2`: the vendors' clients send both.
 */

const refused = (words: string): Reply => jsonReply(() => ({ error: [words] }), 400);
const notFound = (what: string): Reply => jsonReply(() => ({ invalid: true, name: `INVALID ${what}` }));
const isNumber = (text: string | undefined, digits: RegExp) => text !== undefined && digits.test(text.trim());

export function validateIuc(query: Record<string, string | undefined>): Reply {
  const { smart_card_number: card, cablename } = query;
  if (!cablename || !cables[Number(cablename)]) return refused("Invalid cable name");
  if (!isNumber(card, /^\d{8,20}$/)) return refused("Invalid smart card number");
  const number = (card as string).trim();
  if (number.endsWith(msorgTriggers.notFound)) return notFound("SMARTCARD NUMBER");
  return jsonReply(() => ({ invalid: false, name: personFor(number).name }));
}

function discoOf(written: string | undefined): number | undefined {
  if (!written) return undefined;
  const byId = Number(written);
  if (discos[byId]) return byId;
  const entry = Object.entries(discos).find(
    ([, name]) => name.toLowerCase() === written.trim().toLowerCase(),
  );
  return entry ? Number(entry[0]) : undefined;
}

export function validateMeter(query: Record<string, string | undefined>): Reply {
  const { meternumber, disconame, mtype } = query;
  if (discoOf(disconame) === undefined) return refused("Invalid disco name");
  if (!["prepaid", "postpaid", "1", "2"].includes(mtype?.trim().toLowerCase() ?? ""))
    return refused("Invalid meter type");
  if (!isNumber(meternumber, /^\d{6,20}$/)) return refused("Invalid meter number");
  const number = (meternumber as string).trim();
  if (number.endsWith(msorgTriggers.notFound)) return notFound("METER NUMBER");
  const person = personFor(number);
  return jsonReply(() => ({ invalid: false, name: person.name, address: person.address }));
}
