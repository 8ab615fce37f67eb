import { screen, within } from "@testing-library/react";
import { expect } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import type { ActionFailure } from "../../machines/actionFailure";
import type { FundingCheck } from "../../schemas/wallet";
import { fundDraft, fundingReference } from "./confirmFixtures";

const dialog = () => screen.queryByRole("dialog");

/** What staff see on Fund wallet in each state of confirmActionMachine. */
export function expectFundWalletScreen(snapshot: AnyMachineSnapshot) {
  const state = snapshot.value as string;
  const { draft, failure } = snapshot.context as {
    draft: typeof fundDraft | null;
    failure: ActionFailure | null;
  };
  expect(screen.getByRole("button", { name: "Continue" })).toBeInTheDocument();
  if (state === "idle" || state === "done") {
    expect(dialog()).not.toBeInTheDocument();
    // A refusal of a field shows under that field; nothing else is said on the page.
    if (state === "idle" && failure?.fields?.amount)
      expect(screen.getByText(failure.fields.amount[0] as string)).toBeInTheDocument();
    return;
  }
  const open = screen.getByRole("dialog", { name: "Add ₦2,500.00 to Ngozi Adeyemi's wallet?" });
  expect(draft).toEqual(fundDraft);
  expect(open).toHaveTextContent("Reason: Bank transfer reconciled");
  const scoped = within(open);
  if (state === "confirming") {
    expect(scoped.getByRole("button", { name: "Add ₦2,500.00" })).toBeEnabled();
    expect(scoped.getByRole("button", { name: "Cancel" })).toBeEnabled();
    expect(scoped.queryByRole("alert")).not.toBeInTheDocument();
  }
  if (state === "sending") {
    expect(scoped.getByRole("button", { name: "Adding…" })).toBeDisabled();
    expect(scoped.getByRole("button", { name: "Cancel" })).toBeDisabled();
    expect(scoped.queryByRole("alert")).not.toBeInTheDocument();
  }
  if (state === "failed") {
    expect(scoped.getByRole("alert")).toHaveTextContent(
      "The wallet was not funded, or we could not tell. Trying again is safe: it will not be added twice.",
    );
    expect(scoped.getByRole("button", { name: "Try again" })).toBeEnabled();
    expect(scoped.getByRole("button", { name: "Cancel" })).toBeEnabled();
  }
}

/** What the customer sees, back from checkout, in each state of fundingCheckMachine. */
export function expectPaymentScreen(snapshot: AnyMachineSnapshot) {
  const region = screen.getByRole("region", { name: "Your payment" });
  const status = within(region).getByRole("status");
  const button = (name: string) => within(region).queryByRole("button", { name });
  const receipt = within(region).queryByRole("link", { name: "View receipt" });
  const { check: answer } = snapshot.context as { check: FundingCheck | null };
  if (snapshot.matches("checking") || snapshot.matches("confirming")) {
    expect(status).toHaveTextContent("Confirming your payment…");
    expect(region).toHaveTextContent("This usually takes a few seconds. You can leave this page.");
    expect(receipt).not.toBeInTheDocument();
    return;
  }
  expect(status).not.toHaveTextContent("Confirming your payment…");
  if (snapshot.matches("settled") && answer?.transaction.status === "successful") {
    expect(status).toHaveTextContent("₦2,500.00 has been added to your wallet.");
    expect(within(region).getByRole("link", { name: "Go to your dashboard" })).toBeInTheDocument();
  }
  if (snapshot.matches("settled") && answer?.transaction.status === "failed") {
    expect(status).toHaveTextContent("No money was taken from your wallet.");
    expect(button("Try again")).toBeInTheDocument();
  }
  if (snapshot.matches("stopped")) {
    expect(status).toHaveTextContent("This payment was not completed. No money was taken from your account.");
    expect(button("Try again")).not.toHaveClass("secondary");
    // Starting again is the way on; checking again is for someone sure the money left their bank.
    expect(button("Check again")).toHaveClass("secondary");
  }
  if (snapshot.matches("slow")) {
    expect(status).toHaveTextContent("Your payment is still being confirmed.");
    expect(button("Check again")).toBeInTheDocument();
  }
  if (snapshot.matches("unreachable")) {
    expect(status).toHaveTextContent(
      "We could not check your payment just now. If money left your account, it is safe.",
    );
    expect(button("Check again")).toBeInTheDocument();
  }
  if (snapshot.matches("missing")) {
    expect(status).toHaveTextContent("We could not find that payment.");
    expect(button("Fund your wallet")).toBeInTheDocument();
  }
  // A receipt is offered for the payment the last check found, and only when it happened or still may.
  if (answer && !snapshot.matches("stopped") && answer.transaction.status !== "failed")
    expect(receipt?.getAttribute("href")).toMatch(new RegExp(`/transaction-history/${fundingReference}$`));
  else expect(receipt).not.toBeInTheDocument();
}
