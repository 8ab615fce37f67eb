import { expect } from "vitest";
import { auditLog } from "../../../server/db/schema";
import type { Answer, TestServer } from "./testServer";

/** `call` is refused as bad input naming `field` with `message`, and no audit row is written for it. */
export async function expectUnauditedRefusal(
  server: TestServer,
  call: () => Promise<Answer>,
  field: string,
  message: string,
) {
  const before = await server.db.$count(auditLog);
  const answer = await call();
  expect(answer.status).toBe(400);
  expect(answer.body.fields?.[field]).toEqual([message]);
  expect(await server.db.$count(auditLog)).toBe(before);
}
