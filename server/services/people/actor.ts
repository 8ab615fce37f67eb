import type { UserRow } from "../../deps";

/** Who did an audited change, and from where: every staff write records both. */
export interface Actor {
  user: UserRow;
  ip: string | null;
}
