import type { MsorgService } from "./msorgCatalogue";
import type { MsorgLedger } from "./msorgLedger";
import { recordBody } from "./msorgRecordBody";

const pageSize = 20;

/** `GET <service>/`: the account's purchases of the service, newest first, a page of Django's list. */
export function recentRecordsBody(ledger: MsorgLedger, service: MsorgService, page: number) {
  const newestFirst = ledger
    .all()
    .filter((r) => r.service === service)
    .sort((a, b) => b.id - a.id);
  const shown = Math.max(1, page);
  const results = newestFirst.slice((shown - 1) * pageSize, shown * pageSize).map(recordBody);
  const next = newestFirst.length > shown * pageSize ? `?page=${shown + 1}` : null;
  return { count: newestFirst.length, next, previous: shown > 1 ? `?page=${shown - 1}` : null, results };
}
