import type { ReceivedRequest } from "../../simulation/simulatorRequests";
import type { SimulatedRecord } from "./msorgLedger";
import type { MsorgScriptedAnswer } from "./msorgPurchase";
import type { MsorgListing } from "./msorgRecentRecords";

export type { ReceivedRequest };

/** What tests (in-process) see and steer. Amounts in kobo. */
export interface MsorgControl {
  balance(): number;
  setBalance(kobo: number): void;
  /** The next purchase for `recipient` (phone, smartcard or meter) answers `answer`. */
  script(recipient: string, answer: MsorgScriptedAnswer): void;
  /** Settles a processing record by its planned outcome now. */
  settle(id: number): void;
  records(): readonly SimulatedRecord[];
  readonly requests: readonly ReceivedRequest[];
  /** `refuse`: every purchase answers 400 "Service currently unavailable" and makes nothing; null: normal. */
  setDown(mode: "refuse" | null): void;
  /** How `GET <service>/` lists the purchases: Django REST framework's pages (the default) or otherwise. */
  setListing(mode: MsorgListing): void;
}
