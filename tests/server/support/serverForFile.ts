import { afterAll, beforeAll } from "vitest";
import { expectLedgerConsistent } from "./ledgerInvariants";
import { createTestServer, type TestServer } from "./testServer";

/** Naira in the kobo every amount is sent and kept in. */
export const naira = (n: number) => n * 100;

/** A signed-in customer with a PIN and money, as `fundedCustomer` makes one. */
export type Customer = Awaited<ReturnType<TestServer["fundedCustomer"]>>;

interface FileServerOptions {
  /** Whether the money rules are read back before the server closes (a file that breaks them on purpose says no). */
  ledgerCheckedAfter?: boolean;
  /** Passed on to `createTestServer`. */
  server?: Parameters<typeof createTestServer>[1];
}

/** Which server each file's stand-in forwards to: the innermost block's own, else the file's. */
const serversOf = new WeakMap<TestServer, TestServer[]>();

/**
 * The test server a file (or a describe block) shares: started before its tests, its ledger checked and
 * closed after them. What it answers stands in for that server, so the file's helpers can name it at
 * the top level though the server starts only in `beforeAll`.
 */
export function serverForFile(
  env: Record<string, string> = {},
  { ledgerCheckedAfter = true, server: options }: FileServerOptions = {},
): TestServer {
  const started: TestServer[] = [];
  const current = () => {
    const server = started.at(-1);
    if (!server) throw new Error("the file's test server is used before beforeAll started it");
    return server;
  };
  const standIn = new Proxy({} as TestServer, {
    get: (_target, key) => Reflect.get(current(), key),
    has: (_target, key) => Reflect.has(current(), key),
  });
  serversOf.set(standIn, started);
  runWithin(started, env, options, ledgerCheckedAfter);
  return standIn;
}

/** A describe block whose tests need a server of their own: `server` answers for it until the block ends. */
export function ownServerWithin(server: TestServer, env: Record<string, string> = {}) {
  const started = serversOf.get(server);
  if (!started) throw new Error("ownServerWithin takes a server made by serverForFile");
  runWithin(started, env, undefined, true);
}

function runWithin(
  started: TestServer[],
  env: Record<string, string>,
  options: FileServerOptions["server"],
  ledgerCheckedAfter: boolean,
) {
  beforeAll(async () => {
    started.push(await createTestServer(env, options));
  });
  afterAll(async () => {
    const server = started.pop();
    if (!server) return;
    try {
      if (ledgerCheckedAfter) await expectLedgerConsistent(server.db);
    } finally {
      await server.close();
    }
  });
}
