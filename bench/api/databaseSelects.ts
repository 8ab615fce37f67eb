import type { Database } from "../../server/db/database";

/**
 * The database's own speed at its simplest: single-row selects by primary key, one after another,
 * through the driver the app uses (PGlite's own client, or one pooled Postgres connection), for
 * `seconds`. On PGlite, where the database runs on the app's own thread, the read targets are ratios to it.
 */
export async function selectsPerSecond(db: Database, userId: string, seconds: number): Promise<number> {
  const client = (db as unknown as { $client: { query(text: string, params: unknown[]): Promise<unknown> } })
    .$client;
  const text = "select * from users where id = $1";
  await client.query(text, [userId]);
  const started = performance.now();
  const until = started + seconds * 1000;
  let done = 0;
  while (performance.now() < until) {
    await client.query(text, [userId]);
    done++;
  }
  return done / ((performance.now() - started) / 1000);
}
