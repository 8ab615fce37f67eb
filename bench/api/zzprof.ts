import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { startBenchApp } from "./benchApp";
import { prepareCustomers } from "./customers";
import { startDatabase } from "./databases";
import { startFloorServer } from "./floorServer";
import { httpClient } from "./httpClient";
import { readLoad } from "./readLoad";

const [kind = "pglite", path = "status", out = "/tmp/prof/read.cpuprofile"] = process.argv.slice(2);
const database = await startDatabase(kind as "pglite");
const app = await startBenchApp(database.handle);
const client = httpClient(app.origin, 4);
const [customer] = await prepareCustomers(app, client);
await client.close();
const floor = await startFloorServer();
const url =
  path === "floor"
    ? `${floor.origin}/api/status/`
    : path === "status"
      ? `${app.origin}/api/status/`
      : path === "page"
        ? `${app.origin}/`
        : `${app.origin}/api/core/customer/wallet/`;
const headers: Record<string, string> =
  path === "wallet"
    ? { authorization: `Bearer ${customer?.token}` }
    : path === "page"
      ? { "accept-encoding": "br, gzip" }
      : {};
await readLoad(url, { connections: 16, seconds: 2, headers });
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.start");
const r = await readLoad(url, { connections: 16, seconds: 6, headers });
const { profile } = await session.post("Profiler.stop");
writeFileSync(out, JSON.stringify(profile));
console.log(r);
await app.close();
await database.close();
process.exit(0);
