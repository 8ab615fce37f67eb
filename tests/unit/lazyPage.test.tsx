import { act, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ChunkLoadTimeout, chunkLoadTimeoutMs, lazyPage, withTimeout } from "../../src/components/lazyPage";
import { deferredImport, quietCaughtLoadErrors } from "../support/deferredImport";

function WalletPage({ name }: { name: string }) {
  return <h1>Wallet of {name}</h1>;
}

const loadError = () => screen.queryByRole("heading", { name: "This page did not load" });

quietCaughtLoadErrors();

describe("lazyPage", () => {
  it("shows the logo spinner while the page loads, then the page with its props", async () => {
    const page = deferredImport<{ default: typeof WalletPage }>();
    const Page = lazyPage(page.load);
    render(<Page name="Ada" />);

    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    expect(screen.queryByRole("heading")).not.toBeInTheDocument();

    await act(async () => page.resolve({ default: WalletPage }));
    expect(await screen.findByRole("heading", { name: "Wallet of Ada" })).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("shows the load error screen when the import fails", async () => {
    const page = deferredImport<{ default: typeof WalletPage }>();
    const Page = lazyPage(page.load);
    render(<Page name="Ada" />);

    await act(async () => page.reject(new TypeError("Failed to fetch dynamically imported module")));
    expect(await screen.findByRole("heading", { name: "This page did not load" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("shows the load error screen once a page has not loaded for 120 s", async () => {
    vi.useFakeTimers();
    const Page = lazyPage(() => new Promise<{ default: typeof WalletPage }>(() => {}));
    render(<Page name="Ada" />);

    await act(async () => vi.advanceTimersByTimeAsync(119_999));
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    expect(loadError()).not.toBeInTheDocument();

    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(loadError()).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});

describe("withTimeout", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it("waits 120000 ms by default", () => {
    expect(chunkLoadTimeoutMs).toBe(120_000);
  });

  it("rejects with ChunkLoadTimeout after exactly 120000 ms and not at 119999 ms", async () => {
    const settled = vi.fn();
    const loading = withTimeout(() => new Promise<never>(() => {}))();
    loading.then(settled, settled);

    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledTimes(1);
    await expect(loading).rejects.toBeInstanceOf(ChunkLoadTimeout);
    await expect(loading).rejects.toMatchObject({ name: "ChunkLoadTimeout" });
  });

  it("uses a timeout it is given", async () => {
    const loading = withTimeout(() => new Promise<never>(() => {}), 50)();
    const outcome = loading.catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(50);
    expect(await outcome).toBeInstanceOf(ChunkLoadTimeout);
  });

  it("resolves with what the load resolves to before the timeout", async () => {
    const loading = withTimeout(() => Promise.resolve("module"))();

    await expect(loading).resolves.toBe("module");
  });

  it("passes on the load's own error", async () => {
    const failure = new Error("network down");
    const loading = withTimeout(() => Promise.reject(failure))();

    await expect(loading).rejects.toBe(failure);
  });

  it("clears its timer once the load has resolved", async () => {
    const loading = withTimeout(() => Promise.resolve("module"))();
    await expect(loading).resolves.toBe("module");

    expect(vi.getTimerCount()).toBe(0);
  });
});
