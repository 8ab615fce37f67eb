import { expect } from "vitest";
import type { TestServer } from "./testServer";

/** One request to time: its path under /api and its body. */
export interface TimedRequest {
  path: string;
  body: unknown;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * How long the app takes to answer, in this process and without a socket, so nothing but the
 * server's own work is timed. The mail the request put in the outbox is sent before the next one
 * starts, untimed, so one request's mail never falls in another's time.
 */
async function answerTime(server: TestServer, request: TimedRequest): Promise<number> {
  const started = performance.now();
  const res = await server.app.request(`/api/${request.path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(request.body),
  });
  await res.arrayBuffer();
  const took = performance.now() - started;
  await server.deps.outbox.idle();
  return took;
}

/**
 * Times two kinds of request in turn, `rounds` of each, swapping which goes first every round (a b,
 * b a, a b...), so whatever else the machine does meanwhile falls on both alike, and answers each
 * kind's median. `prepare` runs untimed before each round and answers that round's two requests.
 */
export async function interleavedMedians(
  server: TestServer,
  rounds: number,
  prepare: () => Promise<{ a: TimedRequest; b: TimedRequest }>,
): Promise<{ a: number; b: number }> {
  const times = { a: [] as number[], b: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    const { a, b } = await prepare();
    if (round % 2 === 0) {
      times.a.push(await answerTime(server, a));
      times.b.push(await answerTime(server, b));
    } else {
      times.b.push(await answerTime(server, b));
      times.a.push(await answerTime(server, a));
    }
  }
  return { a: median(times.a), b: median(times.b) };
}

/**
 * How far apart two medians may be. On the code before issue 34 the reset, the resend and the sign-up
 * (a transaction and an outbox write on one side only) put them 2.4 to 5.6 ms apart here, 28% to
 * 56%. Requests doing the same work came within 13% of each other over nine runs of the file on each
 * database, on two cores with other suites running, but the reset, within 17% (0.3 to 1.4 ms: a code's
 * row has more indexes than the notice's record). Leaks smaller than the floor are caught exactly by
 * the statement counts beside these tests.
 */
export const timingTolerance = { fraction: 0.2, floorMs: 2 } as const;

/** The two medians are as close as requests doing the same work come. */
export function expectAlikeInTime(medians: { a: number; b: number }): void {
  const allowed = Math.max(
    timingTolerance.floorMs,
    timingTolerance.fraction * Math.max(medians.a, medians.b),
  );
  expect(
    Math.abs(medians.a - medians.b),
    `medians ${medians.a.toFixed(2)} and ${medians.b.toFixed(2)} ms`,
  ).toBeLessThanOrEqual(allowed);
}
