import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AnyActorRef } from "xstate";
import { customerWithPin } from "../support/fixtures";
import {
  catalogues,
  choices,
  deliveredPins,
  jambChoice,
  jambProfileId,
  purchaseResult,
  verifications,
} from "../support/purchaseFixtures";
import { testRequestId } from "../support/renderApp";
import { heading, renderSignedIn } from "../support/signedIn";
// The wizard's steps, which the page fetches as it opens (lazyPart), compiled before the first test.
import "../../src/pages/customer/purchase/purchaseSteps";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The exam-PIN wizard with its catalogue loaded. */
async function openExamPins() {
  const app = await renderSignedIn("/app/exam-pins", customerWithPin);
  await heading("Exam PINs");
  await waitFor(() => expect(app.control.purchase.isRunning("loadCatalogue")).toBe(true));
  await act(async () =>
    app.control.purchase.settle({ type: "xstate.done.actor.loadCatalogue", output: catalogues.exam_pin }),
  );
  await screen.findByRole("group", { name: "Exam PIN" });
  return { app, wizard: app.machines.get("purchase") as AnyActorRef, user: userEvent.setup() };
}

const option = (name: RegExp) => screen.getByRole("radio", { name });
const errorOf = (label: string) => screen.getByLabelText(label).getAttribute("aria-invalid");

async function retype(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.clear(screen.getByLabelText(label));
  if (text) await user.type(screen.getByLabelText(label), text);
}

/** A WAEC result checker's purchase answered as delivered, on the done step. */
async function boughtWaec(status: "successful" | "pending" = "successful") {
  const opened = await openExamPins();
  const { app, user } = opened;
  await user.click(option(/WAEC Result Checker/));
  await retype(user, "How many PINs", "3");
  await retype(user, "Phone number", "08031234567");
  await user.click(screen.getByRole("button", { name: "Continue" }));
  await user.type(await screen.findByLabelText("Transaction PIN"), "2580");
  await user.click(screen.getByRole("button", { name: "Pay ₦12,000.00" }));
  await act(async () =>
    app.control.purchase.settle({
      type: "xstate.done.actor.submitPurchase",
      output: purchaseResult("exam_pin", status),
    }),
  );
  return opened;
}

describe("the exam-PIN wizard", () => {
  it("offers each PIN under its exam body at one PIN's price, one switched off shown but not choosable", async () => {
    await openExamPins();
    const groups = screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(groups).toEqual(["WAEC", "NECO", "NABTEB", "JAMB"]);
    expect(option(/WAEC Result Checker/).closest("label")).toHaveTextContent("₦4,000");
    expect(option(/JAMB UTME PIN \(with mock\)/).closest("label")).toHaveTextContent("₦7,700");
    expect(option(/NABTEB Result Checker \(unavailable\)/)).toBeDisabled();
    expect(screen.getByRole("link", { name: "Exam PINs" })).toHaveAttribute("href", "/app/exam-pins");
  });

  it("buys 1 to 10 of a result checker, and says so for a count outside that", async () => {
    const { app, user } = await openExamPins();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("Choose an exam PIN.")).toHaveAttribute("role", "alert");

    await user.click(option(/WAEC Result Checker/));
    await retype(user, "Phone number", "08031234567");
    for (const [typed, said] of [
      ["0", "Buy 1 to 10 PINs at a time."],
      ["11", "Buy 1 to 10 PINs at a time."],
      ["", "Enter how many PINs, as a number."],
      ["two", "Enter how many PINs, as a number."],
    ] as const) {
      await retype(user, "How many PINs", typed);
      await user.click(screen.getByRole("button", { name: "Continue" }));
      expect(await screen.findByText(said)).toBeInTheDocument();
      expect(errorOf("How many PINs")).toBe("true");
    }

    await retype(user, "How many PINs", "3");
    // Another result checker keeps the count typed; the hint prices it.
    await user.click(option(/NECO Result Checker/));
    expect(screen.getByLabelText("How many PINs")).toHaveValue("3");
    expect(screen.getByText("₦1,400 each: ₦4,200.00 in all. Up to 10 at a time.")).toBeInTheDocument();
    await user.click(option(/WAEC Result Checker/));
    expect(screen.getByText("₦4,000 each: ₦12,000.00 in all. Up to 10 at a time.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    const confirm = await screen.findByRole("region", { name: "Confirm your purchase" });
    expect(confirm).toHaveTextContent("WAEC Result Checker");
    expect(confirm).toHaveTextContent("3 PINs at ₦4,000 each");
    expect(confirm).not.toHaveTextContent("JAMB profile ID");
    await user.type(within(confirm).getByLabelText("Transaction PIN"), "2580");
    await user.click(within(confirm).getByRole("button", { name: "Pay ₦12,000.00" }));
    expect(app.control.purchase.calls.at(-1)).toEqual({
      id: "submitPurchase",
      input: {
        kind: "exam_pin",
        order: { product: 1, quantity: 3, phone: "08031234567" },
        pin: "2580",
        requestId: testRequestId,
        allowDuplicate: false,
      },
    });
  });

  it("asks JAMB's profile ID in place of how many, checks it before confirming and names the candidate", async () => {
    const { app, wizard, user } = await openExamPins();
    await user.click(option(/WAEC Result Checker/));
    await retype(user, "How many PINs", "4");
    await user.click(option(/JAMB UTME PIN \(with mock\)/));
    expect(screen.queryByLabelText("How many PINs")).toBeNull();
    await retype(user, "Phone number", "08031234567");
    await retype(user, "JAMB profile ID", "12345");
    await user.click(screen.getByRole("button", { name: "Check profile ID" }));
    expect(await screen.findByText("A JAMB profile ID is 10 digits.")).toBeInTheDocument();
    expect(wizard.getSnapshot().value).toBe("choosing");

    await retype(user, "JAMB profile ID", jambProfileId);
    await user.click(screen.getByRole("button", { name: "Check profile ID" }));
    expect(await screen.findByText("Checking the profile ID with the provider…")).toBeInTheDocument();
    expect(app.control.purchase.calls.at(-1)).toEqual({
      id: "verifyRecipient",
      input: { kind: "exam_pin", order: jambChoice.order },
    });
    await act(async () =>
      app.control.purchase.settle({
        type: "xstate.done.actor.verifyRecipient",
        output: verifications.exam_pin,
      }),
    );
    expect(await screen.findByRole("heading", { name: "Is this the right candidate?" })).toBeVisible();
    expect(screen.getByText("ADAEZE NWOSU")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Yes, continue" }));
    const confirm = await screen.findByRole("region", { name: "Confirm your purchase" });
    expect(confirm).toHaveTextContent(`JAMB profile ID${jambProfileId}`);
    expect(confirm).toHaveTextContent("CandidateADAEZE NWOSU");
    expect(within(confirm).getByRole("button", { name: "Pay ₦7,700.00" })).toBeEnabled();
  });

  it("brings a refused profile ID back to the form with the provider's words", async () => {
    const { app, wizard, user } = await openExamPins();
    await user.click(option(/JAMB Direct Entry PIN/));
    await retype(user, "JAMB profile ID", "9876543210");
    await retype(user, "Phone number", "08031234567");
    await user.click(screen.getByRole("button", { name: "Check profile ID" }));
    await act(async () =>
      app.control.purchase.settle({
        type: "xstate.error.actor.verifyRecipient",
        error: new Error("We could not find a candidate with that profile ID."),
      }),
    );
    expect(wizard.getSnapshot().value).toBe("choosing");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "We could not find a candidate with that profile ID.",
    );
    // The form as the customer left it, to correct the ID.
    expect(screen.getByLabelText("JAMB profile ID")).toHaveValue("9876543210");
    expect(option(/JAMB Direct Entry PIN/)).toBeChecked();
  });

  it("shows each PIN large, grouped, with its serial and a copy button, copies them all, and says once they were emailed", async () => {
    const { user } = await boughtWaec();
    // After setup: user-event puts its own clipboard on navigator.
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    const pins = await screen.findByRole("region", { name: "Your 3 PINs" });
    const [first, second] = deliveredPins(3);
    expect(within(pins).getAllByRole("listitem")).toHaveLength(3);
    expect(within(pins).getByText("4012")).toBeInTheDocument();
    expect(within(pins).getAllByRole("listitem")[0]).toHaveTextContent(
      `PIN 1401234567890Serial ${first?.serial}`,
    );
    expect(screen.getAllByText(/emailed/)).toHaveLength(1);

    await user.click(within(pins).getByRole("button", { name: "Copy PIN 2" }));
    expect(writeText).toHaveBeenLastCalledWith(second?.pin);
    await user.click(within(pins).getByRole("button", { name: "Copy all PINs" }));
    expect(writeText).toHaveBeenLastCalledWith(
      deliveredPins(3)
        .map((v, i) => `PIN ${i + 1}: ${v.pin}, serial ${v.serial}`)
        .join("\n"),
    );
  });

  it("says while the provider has not answered that the PINs come here and by email once it does", async () => {
    await boughtWaec("pending");
    expect(await screen.findByRole("heading", { name: "Waiting for the provider" })).toBeVisible();
    expect(
      screen.getByText("Your PINs show here, and come to you by email, once the provider confirms."),
    ).toBeVisible();
    expect(screen.queryByRole("region", { name: /PIN/ })).toBeNull();
  });
});

describe("an exam-PIN choice", () => {
  it("says in the summary what is bought, JAMB's with its profile ID, priced per PIN", () => {
    expect(choices.exam_pin.summary).toEqual([
      ["Exam PIN", "WAEC Result Checker"],
      ["How many", "3 PINs at ₦4,000 each"],
      ["Phone number", "08031234567"],
    ]);
    expect(jambChoice.summary).toContainEqual(["JAMB profile ID", jambProfileId]);
    expect(jambChoice.quote.total).toBe(770_000);
  });
});
