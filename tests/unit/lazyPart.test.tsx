import { act, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { type LazyPart, lazyPart } from "../../src/pages/customer/lazyPart";
import { deferredImport, quietCaughtLoadErrors } from "../support/deferredImport";

function AmountForm({ currency }: { currency: string }) {
  return (
    <label>
      Amount ({currency}) <input />
    </label>
  );
}

const placeholder = <p role="status">Loading the card payment form…</p>;

quietCaughtLoadErrors();

/** The part as a page draws it: in a section under its own heading. */
function renderInSection(Form: LazyPart<{ currency: string }>) {
  return render(
    <section>
      <h2>Pay by card</h2>
      <Form currency="₦" placeholder={placeholder} />
    </section>,
  );
}

describe("lazyPart", () => {
  it("shows the page's labelled placeholder while the part loads, then the part with its props", async () => {
    const part = deferredImport<typeof AmountForm>();
    const Form = lazyPart(part.load);
    renderInSection(Form);

    expect(screen.getByRole("heading", { name: "Pay by card" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading the card payment form…");

    await act(async () => part.resolve(AmountForm));
    expect(await screen.findByLabelText("Amount (₦)")).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Pay by card" })).toBeInTheDocument();
  });

  it("keeps a part drawn before its code arrived, and its state, when the page draws again", async () => {
    function Stepper({ label }: { label: string }) {
      const [count, setCount] = useState(0);
      return (
        <button type="button" onClick={() => setCount(count + 1)}>
          {label} {count}
        </button>
      );
    }
    let resolve!: (component: typeof Stepper) => void;
    const Part = lazyPart(() => new Promise<typeof Stepper>((res) => (resolve = res)));
    const page = render(<Part label="Pressed" placeholder={placeholder} />);
    await act(async () => resolve(Stepper));
    const button = await screen.findByRole("button", { name: "Pressed 0" });
    await act(async () => button.click());
    expect(screen.getByRole("button", { name: "Pressed 1" })).toBe(button);

    // The page draws again (a PIN set in the part changes the page around it): the part is the same one.
    page.rerender(<Part label="Still pressed" placeholder={placeholder} />);
    expect(screen.getByRole("button", { name: "Still pressed 1" })).toBe(button);
  });

  it("says in the part's place that it did not load, and keeps the rest of the page", async () => {
    const part = deferredImport<typeof AmountForm>();
    const Form = lazyPart(part.load);
    renderInSection(Form);

    await act(async () => part.reject(new TypeError("Failed to fetch dynamically imported module")));
    expect(await screen.findByRole("alert")).toHaveTextContent("This part of the page did not load.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Pay by card" })).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("gives up after 120 s, as a page does", async () => {
    vi.useFakeTimers();
    const Form = lazyPart(() => new Promise<typeof AmountForm>(() => {}));
    render(<Form currency="₦" placeholder={placeholder} />);

    await act(async () => vi.advanceTimersByTimeAsync(119_999));
    expect(screen.getByRole("status")).toHaveTextContent("Loading the card payment form…");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole("alert")).toHaveTextContent("This part of the page did not load.");
  });

  it("draws a part preloaded before it is shown at once, without a frame of placeholder", async () => {
    const part = deferredImport<typeof AmountForm>();
    const Form = lazyPart(part.load);
    Form.preload();
    await act(async () => part.resolve(AmountForm));

    render(<Form currency="₦" placeholder={placeholder} />);
    expect(screen.getByLabelText("Amount (₦)")).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("fetches a part's code once, whether preloaded, drawn, or both", async () => {
    const part = deferredImport<typeof AmountForm>();
    const load = vi.fn(part.load);
    const Form = lazyPart(load);
    Form.preload();
    render(<Form currency="₦" placeholder={placeholder} />);
    Form.preload();
    await act(async () => part.resolve(AmountForm));
    expect(await screen.findByLabelText("Amount (₦)")).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("says where the part is drawn that its preload failed", async () => {
    const part = deferredImport<typeof AmountForm>();
    const Form = lazyPart(part.load);
    Form.preload();
    await act(async () => part.reject(new TypeError("Failed to fetch dynamically imported module")));

    renderInSection(Form);
    expect(await screen.findByRole("alert")).toHaveTextContent("This part of the page did not load.");
    expect(screen.getByRole("heading", { name: "Pay by card" })).toBeInTheDocument();
  });
});
