import { screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";
import type { StateValue } from "xstate";
import { type Choice, type PurchaseContext, purchaseMachine } from "../../machines/purchaseMachine";
import { formatNaira } from "../../schemas/money";
import { salesPausedMessage } from "../../schemas/status";

async function retype(user: UserEvent, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, value);
}

/** Fills a wizard's choose step from a choice's draft, as a customer would, and moves on. */
export async function fillChoice(user: UserEvent, choice: Choice) {
  switch (choice.kind) {
    case "airtime": {
      const d = choice.draft;
      await retype(user, "Phone number", d.phone);
      await user.selectOptions(screen.getByLabelText("Network"), String(d.network_id));
      await retype(user, "Amount (₦)", String(d.amount / 100));
      await user.click(screen.getByRole("button", { name: "Continue" }));
      break;
    }
    case "data": {
      const d = choice.draft;
      await retype(user, "Phone number", d.phone);
      await user.selectOptions(screen.getByLabelText("Network"), String(d.network_id));
      const plan = document.querySelector<HTMLInputElement>(`input[type=radio][value="${d.plan_id}"]`);
      if (!plan) throw new Error(`no plan ${d.plan_id} on screen`);
      await user.click(plan);
      await user.click(screen.getByRole("button", { name: "Continue" }));
      break;
    }
    case "tv": {
      const d = choice.draft;
      await user.selectOptions(screen.getByLabelText("TV provider"), String(d.provider_id));
      await user.selectOptions(screen.getByLabelText("Bouquet"), String(d.plan_id));
      await retype(user, "Smartcard number", d.smartcard);
      await retype(user, "Phone number", d.phone);
      await user.click(screen.getByRole("button", { name: "Check smartcard" }));
      break;
    }
    case "electricity": {
      const d = choice.draft;
      await user.selectOptions(screen.getByLabelText("Electricity company"), String(d.disco_id));
      await user.click(screen.getByLabelText(d.meter_type === "prepaid" ? "Prepaid" : "Postpaid"));
      await retype(user, "Meter number", d.meter_number);
      await retype(user, "Amount (₦)", String(d.amount / 100));
      await retype(user, "Phone number", d.phone);
      await user.click(screen.getByRole("button", { name: "Check meter" }));
      break;
    }
    case "exam_pin": {
      const d = choice.draft;
      const product = document.querySelector<HTMLInputElement>(`input[type=radio][value="${d.product}"]`);
      if (!product) throw new Error(`no exam PIN ${d.product} on screen`);
      await user.click(product);
      if (d.profile_id) await retype(user, "JAMB profile ID", d.profile_id);
      else await retype(user, "How many PINs", String(d.quantity));
      await retype(user, "Phone number", d.phone);
      await user.click(screen.getByRole("button", { name: d.profile_id ? "Check profile ID" : "Continue" }));
      break;
    }
    case "recharge_pin": {
      const d = choice.draft;
      await user.selectOptions(screen.getByLabelText("Network"), String(d.network_id));
      const value = document.querySelector<HTMLInputElement>(`input[type=radio][value="${d.denomination}"]`);
      if (!value) throw new Error(`no card value ${d.denomination} on screen`);
      await user.click(value);
      await retype(user, "How many cards", String(d.quantity));
      await retype(user, "Name on the cards", d.name_on_card);
      await user.click(screen.getByRole("button", { name: "Continue" }));
      break;
    }
  }
}

const currentStep = () => screen.getByRole("listitem", { current: "step" }).textContent;
/** The step indicator's name for each step tag of the machine's states. */
const stepNames: Record<string, string> = {
  "step.choose": "Choose",
  "step.confirm": "Confirm",
  "step.result": "Done",
};

/** What a wizard must show in each state of its machine. */
export async function expectPurchaseScreen({
  value: state,
  context,
}: {
  value: StateValue;
  context: PurchaseContext;
}) {
  const alert = () =>
    screen
      .queryAllByRole("alert")
      .map((a) => a.textContent)
      .join(" ");
  switch (state) {
    case "loading":
      expect(await screen.findByText("Loading what is on sale…")).toBeInTheDocument();
      expect(currentStep()).toBe("Choose");
      break;
    case "loadFailed":
      expect(await screen.findByText(/We could not load what is on sale/)).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
      break;
    case "paused": {
      // The banner says why, above the page's heading, and no form is offered to fill in vain.
      const banner = await screen.findByRole("alert");
      expect(banner).toHaveTextContent(salesPausedMessage(context.pausedBy ?? ""));
      expect(
        banner.compareDocumentPosition(screen.getByRole("heading", { level: 1 })) &
          Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
      expect(screen.getByRole("button", { name: "Check again" })).toBeEnabled();
      // Refused as the customer paid, the choice is kept, and the screen says no money moved.
      expect(screen.queryByText(/^Nothing was bought and nothing was charged/) !== null).toBe(
        context.choice !== null,
      );
      expect(
        screen.queryByRole("button", { name: /^(Continue|Check smartcard|Check meter|Check profile ID)$/ }),
      ).toBeNull();
      expect(screen.queryByLabelText("Transaction PIN")).toBeNull();
      expect(currentStep()).toBe("Choose");
      break;
    }
    case "choosing":
      expect(
        await screen.findByRole("button", {
          name: /^(Continue|Check smartcard|Check meter|Check profile ID)$/,
        }),
      ).toBeEnabled();
      expect(currentStep()).toBe("Choose");
      if (context.error) expect(alert()).toContain(context.error);
      // A stored catalogue whose check failed says so; continuing asks again.
      if (context.catalogueCheck === "failed" && context.error)
        expect(alert()).toContain("We could not check today's prices.");
      break;
    case "awaitingCatalogue":
      expect(await screen.findByText("Checking today's prices…")).toBeInTheDocument();
      expect(screen.queryByLabelText("Transaction PIN")).toBeNull();
      expect(currentStep()).toBe("Choose");
      break;
    case "verifying":
      expect(
        await screen.findByText(/^Checking the (smartcard|meter|profile ID) with the provider…$/),
      ).toBeInTheDocument();
      break;
    case "verified":
      expect(
        await screen.findByRole("heading", {
          name: `Is this the right ${context.product === "exam_pin" ? "candidate" : "customer"}?`,
        }),
      ).toBeInTheDocument();
      expect(screen.getByText(context.verified?.customer_name ?? "?")).toBeInTheDocument();
      expect(currentStep()).toBe("Confirm");
      break;
    case "confirming": {
      const section = await screen.findByRole("region", { name: "Confirm your purchase" });
      const total = formatNaira(context.choice?.quote.total ?? 0);
      expect(within(section).getByRole("button", { name: `Pay ${total}` })).toBeEnabled();
      expect(within(section).getByLabelText("Transaction PIN")).toBeInTheDocument();
      if (context.choice && context.choice.quote.discount > 0)
        expect(section).toHaveTextContent(`−${formatNaira(context.choice.quote.discount)}`);
      if (context.choice && context.choice.quote.fee > 0) expect(section).toHaveTextContent("Service fee");
      if (context.verified) expect(section).toHaveTextContent(context.verified.customer_name);
      if (context.error) expect(alert()).toContain(context.error);
      break;
    }
    case "duplicateWarning": {
      const dialog = await screen.findByRole("dialog", { name: "Buy this again?" });
      expect(dialog).toHaveTextContent(context.error ?? "?");
      break;
    }
    case "buying":
      expect(await screen.findByText("Buying… please keep this page open.")).toBeInTheDocument();
      expect(currentStep()).toBe("Done");
      break;
    case "successful":
      expect(await screen.findByRole("heading", { name: "Purchase successful" })).toBeInTheDocument();
      if (context.transaction?.token)
        expect(screen.getByText("1234 5678 9012 3456 7890")).toBeInTheDocument();
      // Recharge cards lead to their print page; each other PIN delivered has a copy button of its own.
      if (context.transaction?.kind === "recharge_pin")
        expect(screen.getByRole("link", { name: "Print cards" })).toHaveAttribute(
          "href",
          expect.stringMatching(new RegExp(`/recharge-pins/${context.transaction.reference}/print$`)),
        );
      else if (context.transaction?.pins && context.transaction.pins.length > 1)
        for (const [i] of context.transaction.pins.entries())
          expect(screen.getByRole("button", { name: `Copy PIN ${i + 1}` })).toBeEnabled();
      expect(screen.getByRole("link", { name: "View receipt" })).toHaveAttribute(
        "href",
        expect.stringMatching(new RegExp(`/transaction-history/${context.transaction?.reference}$`)),
      );
      break;
    case "pending":
      expect(await screen.findByRole("heading", { name: "Waiting for the provider" })).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Check again" })).toBeEnabled();
      expect(screen.getByText(/is held, not lost/)).toBeInTheDocument();
      if (context.error) expect(alert()).toContain(context.error);
      break;
    case "rechecking":
      expect(await screen.findByRole("button", { name: "Checking…" })).toBeDisabled();
      break;
    case "failed":
      expect(await screen.findByRole("heading", { name: "Purchase failed" })).toBeInTheDocument();
      expect(
        screen.getByText(`Your ${formatNaira(context.transaction?.total ?? 0)} is back in your wallet.`),
      ).toBeInTheDocument();
      break;
    default:
      throw new Error(`no screen check for ${JSON.stringify(state)}`);
  }
  // Whatever the state, the indicator lights the one step its tag names.
  const tags = typeof state === "string" ? purchaseMachine.states[state]?.tags : undefined;
  expect(tags?.map((tag) => stepNames[tag])).toEqual([currentStep()]);
}
