import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NotifierHost } from "../../src/components/NotifierHost";
import { lazyToasts, showToast, ToastHost } from "../../src/notices/lazyToasts";
import { noticeStore } from "../../src/notices/noticeStore";

afterEach(() => {
  cleanup();
  act(() => noticeStore.hide());
});

describe("toasts loaded on first use", () => {
  it("draw nothing until the first toast, which appears once the library has loaded", async () => {
    const { container } = render(<ToastHost />);
    expect(container).toBeEmptyDOMElement();

    act(() => showToast({ type: "success", message: "Airtime sent" }));
    expect(await screen.findByText("Airtime sent")).toBeInTheDocument();
    expect(container.querySelector(".Toastify")).not.toBeNull();

    act(() => showToast({ type: "error", message: "Insufficient balance", title: "An error occurred" }));
    expect(await screen.findByText("Insufficient balance")).toBeInTheDocument();
    expect(screen.getByText("An error occurred")).toBeInTheDocument();
  });

  it("load the library once, however many toasts come before it arrives", async () => {
    const library = { showToast: vi.fn(), Toasts: () => <p>container</p> };
    const load = vi.fn(() => Promise.resolve(library));
    const toasts = lazyToasts(load);
    render(<toasts.ToastHost />);

    act(() => {
      toasts.showToast({ type: "success", message: "one" });
      toasts.showToast({ type: "success", message: "two" });
    });
    expect(await screen.findByText("container")).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(library.showToast.mock.calls.map(([notice]) => notice.message)).toEqual(["one", "two"]);
  });

  it("show the notice in the Notifier when the library cannot load, and try again with the next", async () => {
    const library = { showToast: vi.fn(), Toasts: () => <p>container</p> };
    const load = vi
      .fn<() => Promise<typeof library>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue(library);
    const toasts = lazyToasts(load);
    render(
      <>
        <NotifierHost />
        <toasts.ToastHost />
      </>,
    );

    act(() => toasts.showToast({ type: "error", message: "We could not reach OjaPay." }));
    expect(await screen.findByText("We could not reach OjaPay.")).toBeInTheDocument();
    expect(screen.queryByText("container")).not.toBeInTheDocument();

    act(() => toasts.showToast({ type: "success", message: "Back online" }));
    expect(await screen.findByText("container")).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(library.showToast).toHaveBeenCalledWith({ type: "success", message: "Back online" });
  });
});
