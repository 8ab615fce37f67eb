import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ReactElement, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Modal } from "../../src/components/Modal";

let root: HTMLDivElement;

/** The page behind the modal lives in div#root, as in index.html; the modal portals to body. */
function renderPage(ui: ReactElement) {
  root = document.createElement("div");
  root.id = "root";
  document.body.append(root);
  return render(ui, { container: root });
}

afterEach(() => {
  cleanup();
  root?.remove();
});

/** A page with a button that opens a transfer dialog; the dialog closes through onClose. */
function TransferPage({ onClose = () => {}, initialFocus }: { onClose?: () => void; initialFocus?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Send money
      </button>
      <button type="button">Elsewhere</button>
      <Modal
        open={open}
        title="Transfer money"
        initialFocus={initialFocus}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      >
        <label>
          Amount <input name="amount" />
        </label>
        <label>
          Note <input name="note" />
        </label>
        <button type="button">Send</button>
      </Modal>
    </>
  );
}

/** A dialog with text and no fields. */
function AccountCreatedPage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} title="Account created" onClose={() => setOpen(false)}>
        <p>Your wallet is ready.</p>
      </Modal>
    </>
  );
}

/** As the app uses it: the dialog is mounted while wanted and removed to close it. */
function LogoutPage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Log out
      </button>
      {open && (
        <Modal open title="Log out" onClose={() => setOpen(false)}>
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </Modal>
      )}
    </>
  );
}

async function openTransfer(props: Parameters<typeof TransferPage>[0] = {}) {
  const user = userEvent.setup();
  renderPage(<TransferPage {...props} />);
  const trigger = screen.getByRole("button", { name: "Send money" });
  await user.click(trigger);
  return { user, trigger, dialog: screen.getByRole("dialog", { name: "Transfer money" }) };
}

describe("Modal", () => {
  it("renders nothing while closed", () => {
    render(
      <Modal open={false} title="Transfer money" onClose={() => {}}>
        <p>Contents</p>
      </Modal>,
    );

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.queryByText("Contents")).not.toBeInTheDocument();
  });

  it("is a modal dialog named by its title when open", async () => {
    const { dialog } = await openTransfer();

    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toHaveAccessibleName("Transfer money");
    expect(screen.getByRole("heading", { name: "Transfer money" })).toBeInTheDocument();
  });

  it("moves focus to the first field when no initialFocus is given", async () => {
    await openTransfer();

    expect(screen.getByRole("textbox", { name: "Amount" })).toHaveFocus();
  });

  it("moves focus to the element matching initialFocus", async () => {
    await openTransfer({ initialFocus: 'input[name="note"]' });

    expect(screen.getByRole("textbox", { name: "Note" })).toHaveFocus();
  });

  it("moves focus to the first focusable element when it has no fields", async () => {
    const user = userEvent.setup();
    renderPage(<AccountCreatedPage />);
    await user.click(screen.getByRole("button", { name: "Open" }));

    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
  });

  it("wraps Tab from the last focusable element to the first", async () => {
    const { user, dialog } = await openTransfer({ initialFocus: "button:not(.modal-close)" });
    const send = screen.getByRole("button", { name: "Send" });
    const close = screen.getByRole("button", { name: "Close" });

    expect(send).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    expect(dialog).toContainElement(close);
  });

  it("wraps Shift+Tab from the first focusable element to the last", async () => {
    const { user } = await openTransfer({ initialFocus: ".modal-close" });

    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole("button", { name: "Send" })).toHaveFocus();
  });

  it("keeps Tab inside the dialog all the way round", async () => {
    const { user, dialog } = await openTransfer({ initialFocus: ".modal-close" });
    const visited: (Element | null)[] = [];
    for (let i = 0; i < 8; i++) {
      await user.tab();
      visited.push(document.activeElement);
    }

    for (const element of visited) expect(dialog).toContainElement(element as HTMLElement);
    expect(visited.slice(0, 4)).toEqual([
      screen.getByRole("textbox", { name: "Amount" }),
      screen.getByRole("textbox", { name: "Note" }),
      screen.getByRole("button", { name: "Send" }),
      screen.getByRole("button", { name: "Close" }),
    ]);
  });

  it("calls onClose once on Escape", async () => {
    const onClose = vi.fn();
    const { user } = await openTransfer({ onClose });

    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("calls onClose from the × button named Close", async () => {
    const onClose = vi.fn();
    const { user } = await openTransfer({ onClose });

    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("returns focus to the element focused before it opened when it closes", async () => {
    const { user, trigger } = await openTransfer();

    expect(trigger).not.toHaveFocus();
    await user.keyboard("{Escape}");
    expect(trigger).toHaveFocus();
  });

  it("returns focus when it is removed from the page while open", async () => {
    const user = userEvent.setup();
    renderPage(<LogoutPage />);
    const trigger = screen.getByRole("button", { name: "Log out" });
    await user.click(trigger);
    await user.click(screen.getByRole("button", { name: "Cancel" }));

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it("makes #root inert while open and not after it closes", async () => {
    const { user } = await openTransfer();

    expect(root).toHaveAttribute("inert");
    expect(screen.getByRole("dialog")).not.toHaveAttribute("inert");
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(root).not.toHaveAttribute("inert");
  });
});
