import { v5 as uuidFromName } from "uuid";

/** The namespace rows' request ids are named in (RFC 9562 name-based uuids). */
const bulkNamespace = "6b1d7f0e-3c52-4f7a-a0c4-9e2b5d8f1a37";

/**
 * The request id a batch's row is bought under: named from the batch's id and the row's number, so
 * every placing of the row (a retry, a restart, another instance taking over its lease) is the same
 * request, and the idempotency store lets it buy once. Batch ids are random, so no customer's own
 * request id is ever one of these.
 */
export const rowRequestId = (batchId: string, row: number) =>
  uuidFromName(`bulk:${batchId}:${row}`, bulkNamespace);
