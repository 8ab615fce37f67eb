import { formatNaira } from "../../../schemas/money";
import type { TransactionRow } from "../transactions/transactionRecords";

/** A token read out in fives of four, as meters' keypads and customers read them. */
export const groupedToken = (token: string) =>
  /^\d{20}$/.test(token) ? (token.match(/\d{4}/g) ?? [token]).join("-") : token;

/** A prepaid electricity token's message: the token, its units, the meter and the reference. */
export function tokenText(row: Pick<TransactionRow, "token" | "units" | "recipient" | "reference" | "kcts">) {
  const units = row.units ? ` (${row.units})` : "";
  const [kct1, kct2] = row.kcts?.split(" ") ?? [];
  const first =
    kct1 && kct2 ? ` Enter KCT1 ${groupedToken(kct1)} then KCT2 ${groupedToken(kct2)} first.` : "";
  return `OjaPay: your token for meter ${row.recipient ?? ""} is ${groupedToken(row.token ?? "")}${units}.${first} Ref ${row.reference}`;
}

/** What became of a purchase, in one SMS; null for a status that is not an outcome. */
export function outcomeText(row: Pick<TransactionRow, "status" | "description" | "total" | "reference">) {
  const what = row.description.length > 70 ? `${row.description.slice(0, 67)}...` : row.description;
  if (row.status === "successful")
    return `OjaPay: ${what} was successful (${formatNaira(row.total)}). Ref ${row.reference}`;
  if (row.status === "failed")
    return `OjaPay: ${what} failed; ${formatNaira(row.total)} is back in your wallet. Ref ${row.reference}`;
  if (row.status === "reversed")
    return `OjaPay: ${what} was reversed; ${formatNaira(row.total)} is back in your wallet. Ref ${row.reference}`;
  return null;
}
