import { type AddressInfo, createServer } from "node:net";

/** A loopback port nothing listens on (taken, then let go): a connection to it is refused. */
export async function closedPort(): Promise<number> {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  const { port } = taken.address() as AddressInfo;
  await new Promise<void>((resolve) => taken.close(() => resolve()));
  return port;
}
