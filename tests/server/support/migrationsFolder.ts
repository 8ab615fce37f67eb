import { fileURLToPath } from "node:url";

/** The server's migrations, which the tests' databases are built from as the server builds its own. */
export const migrationsFolder = fileURLToPath(new URL("../../../server/db/migrations", import.meta.url));
