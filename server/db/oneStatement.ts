import type { SQLWrapper } from "drizzle-orm";
import type { Queryable } from "./database";

/**
 * One write (an INSERT, UPDATE or DELETE built by Drizzle) as a step of a larger statement's WITH, so
 * several writes cost one round trip: `db.with(writeStep(db, "a", ...), ...).update(...)`. The steps
 * of one statement all see the database as it was when it began (none sees another's rows), and the
 * triggers and foreign keys they set off are checked at its end, with every step's rows in place.
 * Names must differ within a statement.
 */
export function writeStep(db: Queryable, name: string, write: SQLWrapper) {
  return db.$with(name, {}).as(write.getSQL());
}
