import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Notifier } from "../../src/components/Notifier";
import { NotifierHost } from "../../src/components/NotifierHost";
import { normaliseNotice, toastRules } from "../../src/notices/noticeRules";
import { noticeStore } from "../../src/notices/noticeStore";
import { showToast, Toasts } from "../../src/notices/toasts";

// Spy on toast.success / toast.error while keeping the real ToastContainer and toast machinery.
vi.mock("react-toastify", async (importOriginal) => {
  const actual = await importOriginal<typeof import("react-toastify")>();
  const toast = Object.assign(
    (...args: Parameters<typeof actual.toast>) => actual.toast(...args),
    actual.toast,
    {
      success: vi.fn(actual.toast.success),
      error: vi.fn(actual.toast.error),
    },
  );
  const ToastContainer = vi.fn(actual.ToastContainer);
  return { ...actual, toast, ToastContainer };
});

const { toast, ToastContainer } = await import("react-toastify");

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe("normaliseNotice", () => {
  it("keeps status and message as given", () => {
    expect(normaliseNotice({ status: true, message: "Saved", type: "success", title: "Done" })).toEqual({
      status: true,
      message: "Saved",
      title: "Done",
      type: "success",
    });
    expect(normaliseNotice({ status: false, message: "Hidden" })).toMatchObject({
      status: false,
      message: "Hidden",
    });
  });

  it.each([
    ["success", "success"],
    ["SUCCESS", "success"],
    ["Success", "success"],
    ["error", "error"],
    ["ERROR", "error"],
  ])("lowercases the type %s to %s", (given, expected) => {
    expect(normaliseNotice({ status: true, message: "m", type: given }).type).toBe(expected);
  });

  it.each([[undefined], ["info"], [""], ["warning"]])("treats the type %s as error", (given) => {
    expect(normaliseNotice({ status: true, message: "m", type: given }).type).toBe("error");
  });

  it("titles a success without a title 'Success Response'", () => {
    expect(normaliseNotice({ status: true, message: "m", type: "success" }).title).toBe("Success Response");
    expect(normaliseNotice({ status: true, message: "m", type: "SUCCESS" }).title).toBe("Success Response");
  });

  it.each([["error"], [undefined], ["info"]])(
    "titles a %s notice without a title 'Error Response'",
    (type) => {
      expect(normaliseNotice({ status: true, message: "m", type }).title).toBe("Error Response");
    },
  );

  it("keeps a title that was given", () => {
    expect(normaliseNotice({ status: true, message: "m", type: "success", title: "Profile" }).title).toBe(
      "Profile",
    );
    expect(normaliseNotice({ status: true, message: "m", type: "error", title: "Oops" }).title).toBe("Oops");
  });
});

describe("Notifier", () => {
  it("shows the title and message of a success, without the error icon", () => {
    render(<Notifier status message="Profile updated" type="success" onClose={() => {}} />);

    expect(screen.getByText("Success Response")).toBeInTheDocument();
    expect(screen.getByText("Profile updated")).toBeInTheDocument();
    expect(screen.queryByTestId("notifier-error-icon")).not.toBeInTheDocument();
  });

  it("shows an uppercase SUCCESS type as a success", () => {
    render(<Notifier status message="Saved" type="SUCCESS" onClose={() => {}} />);

    expect(screen.getByText("Success Response")).toBeInTheDocument();
    expect(screen.queryByTestId("notifier-error-icon")).not.toBeInTheDocument();
  });

  it.each([["error"], [undefined], ["info"], [""]])(
    "shows the error icon and 'Error Response' for type %s",
    (type) => {
      render(<Notifier status message="It failed" type={type} onClose={() => {}} />);

      expect(screen.getByTestId("notifier-error-icon")).toBeInTheDocument();
      expect(screen.getByText("Error Response")).toBeInTheDocument();
      expect(screen.getByText("It failed")).toBeInTheDocument();
    },
  );

  it("shows a given title instead of the default", () => {
    render(<Notifier status message="m" type="error" title="Card declined" onClose={() => {}} />);

    expect(screen.getByText("Card declined")).toBeInTheDocument();
    expect(screen.queryByText("Error Response")).not.toBeInTheDocument();
  });

  it("renders nothing when status is false", () => {
    const { container } = render(
      <Notifier status={false} message="Hidden" type="error" onClose={() => {}} />,
    );

    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByText("Hidden")).not.toBeInTheDocument();
  });

  it("closes from its Dismiss link", async () => {
    const onClose = vi.fn();
    render(<Notifier status message="m" onClose={onClose} />);

    await userEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("uses a custom dismiss text", async () => {
    const onClose = vi.fn();
    render(<Notifier status message="m" dismissText="Got it" onClose={onClose} />);

    expect(screen.queryByRole("button", { name: "Dismiss" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Got it" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("closes from its close button", async () => {
    const onClose = vi.fn();
    render(<Notifier status message="m" onClose={onClose} />);

    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  describe("closing by itself", () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });

    it("closes after 5000 ms and not before", () => {
      const onClose = vi.fn();
      render(<Notifier status message="m" onClose={onClose} />);

      act(() => vi.advanceTimersByTime(4999));
      expect(onClose).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(1));
      expect(onClose).toHaveBeenCalledTimes(1);
    });

    it("closes after an overridden autoHideMs", () => {
      const onClose = vi.fn();
      render(<Notifier status message="m" autoHideMs={1500} onClose={onClose} />);

      act(() => vi.advanceTimersByTime(1499));
      expect(onClose).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(1));
      expect(onClose).toHaveBeenCalledTimes(1);
    });

    it("does not schedule a close when it is not shown", () => {
      const onClose = vi.fn();
      render(<Notifier status={false} message="m" onClose={onClose} />);

      act(() => vi.advanceTimersByTime(10_000));
      expect(onClose).not.toHaveBeenCalled();
    });
  });

  it("is 400px wide at the top right, 30px from the top", () => {
    const css = readFileSync(resolve(import.meta.dirname, "../../src/components/notifier.css"), "utf8");
    const block = /(?:^|\n)\.notifier\s*\{([^}]*)\}/.exec(css)?.[1];
    expect(block).toBeDefined();
    const declarations = Object.fromEntries(
      (block ?? "")
        .split(";")
        .map((line) => line.split(":").map((part) => part.trim()))
        .filter((pair): pair is [string, string] => pair.length === 2 && pair[0] !== ""),
    );

    expect(declarations.width).toBe("400px");
    expect(declarations.top).toBe("30px");
    expect(declarations).toHaveProperty("right");
    expect(declarations.left).toBeUndefined();
    expect(declarations.position).toBe("fixed");
  });
});

describe("NotifierHost", () => {
  afterEach(() => {
    act(() => noticeStore.hide());
  });

  it("shows nothing until a notice is raised", () => {
    const { container } = render(<NotifierHost />);

    expect(container).toBeEmptyDOMElement();
  });

  it("shows what noticeStore.show raised and hides when closed", async () => {
    render(<NotifierHost />);

    act(() => noticeStore.show({ message: "Pin changed", type: "success" }));
    expect(screen.getByText("Pin changed")).toBeInTheDocument();
    expect(screen.getByText("Success Response")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByText("Pin changed")).not.toBeInTheDocument();
    expect(noticeStore.get()).toBeNull();
  });

  it("hides when the Dismiss link is used", async () => {
    render(<NotifierHost />);

    act(() => noticeStore.show({ message: "Wrong PIN", type: "error", title: "Transfer failed" }));
    expect(screen.getByText("Transfer failed")).toBeInTheDocument();
    expect(screen.getByTestId("notifier-error-icon")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText("Wrong PIN")).not.toBeInTheDocument();
  });

  it("hides by itself after 5000 ms", () => {
    vi.useFakeTimers();
    render(<NotifierHost />);

    act(() => noticeStore.show({ message: "Saved", type: "success" }));
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText("Saved")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Saved")).not.toBeInTheDocument();
  });

  it("replaces the shown notice with a newer one and restarts its 5000 ms", () => {
    vi.useFakeTimers();
    render(<NotifierHost />);

    act(() => noticeStore.show({ message: "First", type: "error" }));
    act(() => vi.advanceTimersByTime(3000));
    act(() => noticeStore.show({ message: "Second", type: "success" }));
    expect(screen.queryByText("First")).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText("Second")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Second")).not.toBeInTheDocument();
  });
});

describe("toasts", () => {
  it("are configured with success 3000 ms, error 5000 ms, a maximum of 20, top-centre, 500px wide", () => {
    expect(toastRules).toEqual({
      successMs: 3000,
      errorMs: 5000,
      limit: 20,
      position: "top-center",
      widthPx: 500,
    });
  });

  it("gives the container a limit of 20, the top-centre position and 500px width", () => {
    render(<Toasts />);

    expect(ToastContainer).toHaveBeenCalled();
    const props = vi.mocked(ToastContainer).mock.lastCall?.[0];
    expect(props).toMatchObject({ limit: 20, position: "top-center" });
    expect(props?.style).toMatchObject({ width: "500px" });
  });

  it("shows a success message for 3000 ms", async () => {
    render(<Toasts />);

    act(() => showToast({ type: "success", message: "Airtime sent" }));
    expect(await screen.findByText("Airtime sent")).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith("Airtime sent", expect.objectContaining({ autoClose: 3000 }));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("shows the same failure raised again as one toast that counts, not a stack", async () => {
    render(<Toasts />);

    act(() => showToast({ type: "error", message: "We could not reach OjaPay." }));
    expect(await screen.findByText("We could not reach OjaPay.")).toBeInTheDocument();
    for (let i = 0; i < 4; i++)
      act(() => showToast({ type: "error", message: "We could not reach OjaPay." }));
    expect(await screen.findByText("We could not reach OjaPay. (5 times)")).toBeInTheDocument();
    expect(screen.queryByText("We could not reach OjaPay.")).not.toBeInTheDocument();
    expect(screen.getAllByRole("alert")).toHaveLength(1);

    // Another message is its own toast.
    act(() => showToast({ type: "error", message: "Insufficient balance" }));
    expect(await screen.findByText("Insufficient balance")).toBeInTheDocument();
    expect(screen.getAllByRole("alert")).toHaveLength(2);
  });

  it("replaces a topic's toast with its next notice, and leaves other topics' alone", async () => {
    render(<Toasts />);

    act(() => showToast({ type: "error", message: "Could not save.", topic: "PATCH /plans/:id" }));
    act(() => showToast({ type: "error", message: "Network down.", topic: "GET /wallet" }));
    expect(await screen.findByText("Could not save.")).toBeInTheDocument();
    act(() => showToast({ type: "success", message: "Plan saved.", topic: "PATCH /plans/:id" }));
    expect(await screen.findByText("Plan saved.")).toBeInTheDocument();
    // Leaving: jsdom runs no exit animation, so the element stays, marked as going out.
    const toastOf = (text: string) => screen.getByText(text).closest(".Toastify__toast");
    await vi.waitFor(() => expect(toastOf("Could not save.")).toHaveAttribute("data-in", "false"));
    expect(toastOf("Network down.")).not.toHaveAttribute("data-in", "false");
    expect(toastOf("Plan saved.")).not.toHaveAttribute("data-in", "false");
  });

  it("shows an error message with its title for 5000 ms", async () => {
    render(<Toasts />);

    act(() => showToast({ type: "error", message: "Insufficient balance", title: "An error occurred" }));
    expect(await screen.findByText("Insufficient balance")).toBeInTheDocument();
    expect(screen.getByText("An error occurred")).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ autoClose: 5000 }));
    expect(toast.success).not.toHaveBeenCalled();
  });
});
