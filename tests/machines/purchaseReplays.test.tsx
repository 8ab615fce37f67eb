import { readdirSync, readFileSync } from "node:fs";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Product } from "../../machines/purchaseMachine";
import PurchasePage from "../../src/pages/customer/purchase/PurchasePage";
import { expectPurchaseScreen } from "../support/purchaseScreen";
import { renderApp } from "../support/renderApp";

interface Replay {
  product: Product;
  state: string;
  // biome-ignore lint/suspicious/noExplicitAny: a persisted snapshot as saved
  snapshot: any;
}

const folder = "tests/replays";
const replays = readdirSync(folder)
  .filter((name) => name.startsWith("purchase.") && name.endsWith(".json"))
  .map((name) => [name, JSON.parse(readFileSync(`${folder}/${name}`, "utf8")) as Replay] as const);

afterEach(cleanup);

describe("saved purchase states", () => {
  it("cover every step of every wizard", () => {
    const byProduct = (product: Product) =>
      replays
        .filter(([, r]) => r.product === product)
        .map(([, r]) => r.state)
        .sort();
    const steps = [
      "buying",
      "choosing",
      "confirming",
      "duplicateWarning",
      "failed",
      "loadFailed",
      "loading",
      "paused",
      "pending",
      "rechecking",
      "successful",
    ];
    expect(byProduct("airtime")).toEqual(steps);
    expect(byProduct("data")).toEqual(steps);
    expect(byProduct("tv")).toEqual([...steps, "verified", "verifying"].sort());
    expect(byProduct("electricity")).toEqual([...steps, "verified", "verifying"].sort());
    expect(byProduct("exam_pin")).toEqual([...steps, "verified", "verifying"].sort());
    expect(byProduct("recharge_pin")).toEqual(steps);
  });

  it.each(replays)("%s comes back on the screen as it was", async (_name, replay) => {
    renderApp({
      path: "/replay",
      children: <PurchasePage product={replay.product} snapshot={replay.snapshot} />,
    });
    await screen.findByRole("heading", { level: 1 });
    expect(replay.snapshot.value).toBe(replay.state);
    await expectPurchaseScreen(replay.snapshot);
  });
});
