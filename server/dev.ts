/**
 * `npm run dev`: the API on API_PORT (default 8081) with the same start-up as `npm start`, and
 * Vite's dev server on PORT (default 8080) with hot reload, proxying /api to it.
 */
import { createServer } from "vite";
import { loadConfig } from "./config";
import { createLogger } from "./logger";
import { startServer } from "./start";

const apiPort = Number(process.env.API_PORT ?? 8081);
process.env.API_PORT = String(apiPort);
const config = loadConfig({ ...process.env, PORT: String(apiPort), STATIC_DIR: "/nonexistent" });
const logger = createLogger(config.logLevel);
await startServer(config, logger);

const vite = await createServer({ server: { port: Number(process.env.PORT ?? 8080), host: true } });
await vite.listen();
vite.printUrls();
