import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

// The server projects hash at the lowest cost (tests/support/cheapPasswordHashes.ts); the real cost is
// read off a hash made by the server's own module in a process of its own, where nothing is mocked.
describe("secret hashing", () => {
  it("hashes with argon2id at OWASP's floor: 19 MiB, 2 passes, 1 lane", async () => {
    const script = `
      import { hashSecret, verifySecret } from "./server/services/accounts/secrets.ts";
      const hash = await hashSecret("correct horse 1");
      const right = await verifySecret(hash, "correct horse 1");
      const wrong = await verifySecret(hash, "correct horse 2");
      console.log(JSON.stringify({ hash, right, wrong }));`;
    const { stdout } = await promisify(execFile)(process.execPath, [
      "--import",
      "tsx",
      "--input-type=module",
      "--eval",
      script,
    ]);
    const { hash, right, wrong } = JSON.parse(stdout);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect({ right, wrong }).toEqual({ right: true, wrong: false });
  });
});
