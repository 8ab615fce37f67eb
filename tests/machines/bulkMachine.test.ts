import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { type BulkOrder, bulkMachine } from "../../machines/bulkMachine";
import type { BulkBatch, BulkBatchDetail, BulkPreview, BulkStartBody } from "../../schemas/bulk";
import { ApiFailure } from "../../src/api/client";

const order: BulkOrder = {
  kind: "airtime",
  rows: [
    { phone: "08011111111", network_id: 1, amount: 10_000 },
    { phone: "08011110000", network_id: 1, amount: 10_000 },
  ],
};
const batchId = "0b6f3c9e-6f4e-4a57-9a43-5f1c1c1c1c1c";

const preview = (bad: boolean): BulkPreview => ({
  kind: "airtime",
  count: 2,
  good: bad ? 1 : 2,
  total: bad ? 9_700 : 19_400,
  balance: 100_000,
  covered: true,
  rows: [
    { row: 1, ok: true, price: 9_700, description: "MTN airtime ₦100" },
    bad
      ? { row: 2, ok: false, msg: "Enter a Nigerian mobile number, like 08031234567." }
      : { row: 2, ok: true, price: 9_700, description: "MTN airtime ₦100" },
  ],
});

const batch = (done: number): BulkBatchDetail => ({
  id: batchId,
  kind: "airtime",
  status: done === 2 ? "finished" : "running",
  request_id: "r",
  count: 2,
  queued: 2 - done,
  done,
  successful: done,
  pending: 0,
  failed: 0,
  total: 19_400,
  charged: done * 9_700,
  created_at: "2026-12-07T02:00:00.000Z",
  finished_at: done === 2 ? "2026-12-07T02:01:00.000Z" : null,
  rows: [],
});

afterEach(() => vi.useRealTimers());

function bulkActor(
  actors: {
    previews?: BulkPreview[];
    starts?: (body: BulkStartBody) => Promise<BulkBatch>;
    reads?: (() => Promise<BulkBatchDetail>)[];
  },
  batch?: string,
) {
  const previewBulk = vi.fn(async (_: { input: BulkOrder }) => actors.previews?.shift() ?? preview(false));
  const startBulk = vi.fn(({ input }: { input: BulkStartBody }) => {
    if (!actors.starts) throw new Error("no start");
    return actors.starts(input);
  });
  const fetchBatch = vi.fn(({ input }: { input: string }) => {
    expect(input).toBe(batchId);
    const next = actors.reads?.shift();
    return next ? next() : Promise.reject(new Error("no more reads"));
  });
  const actor = createActor(
    bulkMachine.provide({
      actors: {
        previewBulk: fromPromise(previewBulk),
        startBulk: fromPromise(startBulk),
        fetchBatch: fromPromise(fetchBatch),
      },
      delays: { pollInterval: 1_000 },
    }),
    { input: { batchId: batch ?? null } },
  ).start();
  return { actor, previewBulk, startBulk, fetchBatch };
}

describe("bulkMachine", () => {
  it("shows the preview's bad rows and will not buy until they are fixed and checked again", async () => {
    const { actor, previewBulk } = bulkActor({ previews: [preview(true), preview(false)] });
    expect(actor.getSnapshot().value).toBe("editing");
    actor.send({ type: "bulk.check", order });
    await waitFor(actor, (s) => s.matches("previewed"));
    expect(actor.getSnapshot().context.preview?.rows[1]?.msg).toMatch(/Nigerian mobile number/);
    actor.send({ type: "bulk.buy" });
    expect(actor.getSnapshot().value).toBe("previewed");
    actor.send({ type: "bulk.edit" });
    actor.send({ type: "bulk.buy" });
    expect(actor.getSnapshot().value).toBe("editing");
    actor.send({ type: "bulk.check", order });
    await waitFor(actor, (s) => s.matches("previewed"));
    actor.send({ type: "bulk.buy" });
    expect(actor.getSnapshot().value).toBe("confirming");
    expect(previewBulk).toHaveBeenCalledTimes(2);
    expect(previewBulk.mock.calls[1]?.[0].input).toEqual(order);
  });

  it("keeps a failed check's message on the list", async () => {
    const failing = createActor(
      bulkMachine.provide({
        actors: {
          previewBulk: fromPromise(() => Promise.reject(new ApiFailure(0, "We could not reach OjaPay."))),
        },
      }),
      { input: {} },
    ).start();
    failing.send({ type: "bulk.check", order });
    await waitFor(failing, (s) => s.matches("editing") && s.context.failure !== null);
    expect(failing.getSnapshot().context.failure?.message).toBe("We could not reach OjaPay.");
  });

  it("resends the same request id after a network error, and a new one for a new Buy all", async () => {
    const sent: BulkStartBody[] = [];
    let attempt = 0;
    const { actor } = bulkActor({
      starts: async (body) => {
        sent.push(body);
        attempt++;
        if (attempt === 1)
          throw new ApiFailure(0, "We could not reach OjaPay. Check your connection and try again.");
        if (attempt === 2) throw new ApiFailure(400, "That PIN is not right.", { code: "wrong_pin" });
        return batch(0);
      },
      reads: [async () => batch(0)],
    });
    actor.send({ type: "bulk.check", order });
    await waitFor(actor, (s) => s.matches("previewed"));
    actor.send({ type: "bulk.buy" });
    actor.send({ type: "bulk.confirm", pin: "1234" });
    await waitFor(actor, (s) => s.matches("confirming") && s.context.failure !== null);
    expect(actor.getSnapshot().context.failure?.message).toMatch(/could not reach/);
    actor.send({ type: "bulk.confirm", pin: "1234" });
    await waitFor(
      actor,
      (s) => s.matches("confirming") && s.context.failure?.message === "That PIN is not right.",
    );
    expect(sent[1]?.request_id).toBe(sent[0]?.request_id);
    // Back to the list and Buy all again: another attempt, another id.
    actor.send({ type: "bulk.back" });
    actor.send({ type: "bulk.buy" });
    actor.send({ type: "bulk.confirm", pin: "4321" });
    await waitFor(actor, (s) => s.matches("running"));
    expect(sent[2]?.request_id).not.toBe(sent[0]?.request_id);
    expect(sent[2]).toMatchObject({ kind: "airtime", rows: order.rows, pin: "4321" });
    expect(actor.getSnapshot().context.batchId).toBe(batchId);
    actor.stop();
  });

  it("reads the batch every pollInterval until it finishes, riding out a failed read", async () => {
    vi.useFakeTimers();
    const { actor, fetchBatch } = bulkActor(
      {
        reads: [
          async () => batch(0),
          () => Promise.reject(new ApiFailure(0, "We could not reach OjaPay.")),
          async () => batch(1),
          async () => batch(2),
        ],
      },
      batchId,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ running: "waiting" });
    expect(actor.getSnapshot().context.batch?.done).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(actor.getSnapshot().context.lostTouch).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(actor.getSnapshot().context).toMatchObject({ lostTouch: false, batch: { done: 1 } });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchBatch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe("finished");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchBatch).toHaveBeenCalledTimes(4);
    actor.send({ type: "bulk.again" });
    expect(actor.getSnapshot()).toMatchObject({ value: "editing", context: { batch: null, batchId: null } });
  });

  it("gives up a read that hangs after readLimit and asks again", async () => {
    vi.useFakeTimers();
    const { actor, fetchBatch } = bulkActor(
      { reads: [() => new Promise<BulkBatchDetail>(() => {}), async () => batch(2)] },
      batchId,
    );
    await vi.advanceTimersByTimeAsync(15_000 - 1);
    expect(actor.getSnapshot().value).toEqual({ running: "reading" });
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot()).toMatchObject({
      value: { running: "waiting" },
      context: { lostTouch: true },
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(actor.getSnapshot().value).toBe("finished");
    expect(fetchBatch).toHaveBeenCalledTimes(2);
  });

  it("says a batch it cannot read at all is not there, and tries again when asked", async () => {
    const { actor } = bulkActor(
      {
        reads: [
          () => Promise.reject(new ApiFailure(404, "Not found.", { code: "not_found" })),
          async () => batch(2),
        ],
      },
      batchId,
    );
    await waitFor(actor, (s) => s.matches("unreadable"));
    expect(actor.getSnapshot().context.failure).toMatchObject({ status: 404, message: "Not found." });
    actor.send({ type: "bulk.retry" });
    await waitFor(actor, (s) => s.matches("finished"));
  });
});
