import { useMachine } from "@xstate/react";
import { useEffect } from "react";
import type { SnapshotFrom } from "xstate";
import type { Product, PurchaseStep, purchaseMachine } from "../../../../machines/purchaseMachine";
import { productsThatVerify } from "../../../actors/purchaseActors";
import { useCustomerServices } from "../../../app/AppServices";
import { usePageTitle } from "../../../app/usePageTitle";
import { EmergencyBanner } from "../../../components/EmergencyBanner";
import { useGlobalLoading } from "../../../components/globalLoading";
import { Modal } from "../../../components/Modal";
import { catalogueMirror } from "../../../storage/catalogueMirror";
import { customerPages } from "../customerNav";
import { lazyPart } from "../lazyPart";
import { usePurchaseLogic } from "./usePurchaseLogic";
import "./purchase.css";

export type { Product };

// The steps with forms (react-hook-form) and results come in one chunk, fetched as the wizard opens,
// beside its catalogue: the first form can only show once the catalogue has come anyway.
const loadSteps = () => import("./purchaseSteps");
const ChooseForm = lazyPart(() => loadSteps().then((steps) => steps.ChooseForm));
const ConfirmStep = lazyPart(() => loadSteps().then((steps) => steps.ConfirmStep));
const ResultStep = lazyPart(() => loadSteps().then((steps) => steps.ResultStep));
const VerifiedStep = lazyPart(() => loadSteps().then((steps) => steps.VerifiedStep));

const paths: Record<Product, string> = {
  airtime: "/airtime-vtu",
  data: "/data-subscriptions",
  tv: "/cable-subscriptions",
  electricity: "/utilities",
  exam_pin: "/exam-pins",
  recharge_pin: "/recharge-pins",
};
/** The step indicator's steps, each lit by the machine's states tagged with it. */
const steps: Array<[PurchaseStep, string]> = [
  ["step.choose", "Choose"],
  ["step.confirm", "Confirm"],
  ["step.result", "Done"],
];
const recipientWord: Record<Product, string> = {
  airtime: "number",
  data: "number",
  tv: "smartcard",
  electricity: "meter",
  exam_pin: "profile ID",
  recharge_pin: "order",
};
/** Who the verified step's name belongs to. */
const verifiedWho: Record<Product, string> = {
  airtime: "customer",
  data: "customer",
  tv: "customer",
  electricity: "customer",
  exam_pin: "candidate",
  recharge_pin: "customer",
};

/** A spinner and what is happening, on a card of its own unless it stands inside one (`bare`). */
function Progress({ text, bare = false }: { text: string; bare?: boolean }) {
  return (
    <div
      className={bare ? "wizard-progress" : "card wizard-step wizard-progress"}
      role="status"
      aria-live="polite"
    >
      <span className="wizard-spinner" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

/** A purchase wizard: the same machine for every product, with that product's form. */
export default function PurchasePage({
  product,
  snapshot,
}: {
  product: Product;
  /** A saved state to start from (tests/replays): a step seen in QA, restored as it was. */
  snapshot?: SnapshotFrom<typeof purchaseMachine>;
}) {
  const { inspect } = useCustomerServices();
  const [state, send] = useMachine(usePurchaseLogic(product), {
    input: { product, verifies: productsThatVerify[product], stored: catalogueMirror.read(product) },
    ...(snapshot && { snapshot }),
    inspect,
  });
  const title = customerPages.find((p) => p.path === paths[product])?.title ?? "Buy";
  const { context } = state;
  useGlobalLoading(state.matches("buying"));

  usePageTitle(title);
  useEffect(() => {
    // A failure shows where a step would be (lazyPart), when it is drawn.
    loadSteps().catch(() => {});
  }, []);

  return (
    <div className="wizard">
      {state.matches("paused") && <EmergencyBanner message={context.pausedBy ?? ""} />}
      <h1>{title}</h1>
      <ol className="wizard-steps">
        {steps.map(([tag, name]) => (
          <li key={name} aria-current={state.hasTag(tag) ? "step" : undefined}>
            {name}
          </li>
        ))}
      </ol>

      {state.matches("loading") && <Progress text="Loading what is on sale…" />}
      {state.matches("loadFailed") && (
        <div className="card wizard-step">
          <p role="alert">We could not load what is on sale. {context.error}</p>
          <button type="button" className="button" onClick={() => send({ type: "purchase.retry" })}>
            Try again
          </button>
        </div>
      )}

      {state.matches("paused") && (
        <div className="card wizard-step">
          <p>
            {/* A choice is kept only when the pause came as the customer paid. */}
            {context.choice && "Nothing was bought and nothing was charged. "}You can buy as soon as sales
            resume.
          </p>
          <button type="button" className="button" onClick={() => send({ type: "purchase.retry" })}>
            Check again
          </button>
        </div>
      )}

      {state.matches("choosing") && context.catalogue && (
        <div className="card wizard-step">
          {context.error && (
            <p className="field-error" role="alert">
              {context.catalogueCheck === "failed"
                ? `We could not check today's prices. ${context.error} Continue tries again.`
                : context.error}
            </p>
          )}
          <ChooseForm
            placeholder={<Progress bare text="Getting the form ready…" />}
            catalogue={context.catalogue}
            choice={context.choice}
            onNext={(choice) => send({ type: "purchase.next", choice })}
          />
        </div>
      )}

      {state.matches("awaitingCatalogue") && <Progress text="Checking today's prices…" />}
      {state.matches("verifying") && (
        <Progress text={`Checking the ${recipientWord[product]} with the provider…`} />
      )}
      {state.matches("verified") && context.verified && (
        <VerifiedStep
          placeholder={<Progress text="Loading…" />}
          verified={context.verified}
          who={verifiedWho[product]}
          onBack={() => send({ type: "purchase.back" })}
          onAccept={() => send({ type: "purchase.accept" })}
        />
      )}

      {(state.matches("confirming") || state.matches("duplicateWarning")) && context.choice && (
        <ConfirmStep
          placeholder={<Progress text="Loading…" />}
          choice={context.choice}
          customerName={context.verified?.customer_name ?? null}
          error={state.matches("confirming") ? context.error : null}
          onConfirm={(pin) => send({ type: "purchase.confirm", pin })}
          onBack={() => send({ type: "purchase.back" })}
        />
      )}
      {state.matches("duplicateWarning") && (
        <Modal open title="Buy this again?" onClose={() => send({ type: "purchase.back" })}>
          <p>{context.error}</p>
          <div className="modal-actions">
            <button
              type="button"
              className="button secondary"
              onClick={() => send({ type: "purchase.back" })}
            >
              Cancel
            </button>
            <button
              type="button"
              className="button"
              onClick={() => send({ type: "purchase.confirmDuplicate" })}
            >
              Buy again
            </button>
          </div>
        </Modal>
      )}

      {state.matches("buying") && <Progress text="Buying… please keep this page open." />}

      {(state.matches("successful") ||
        state.matches("pending") ||
        state.matches("rechecking") ||
        state.matches("failed")) &&
        context.transaction && (
          <ResultStep
            placeholder={<Progress text="Loading…" />}
            transaction={context.transaction}
            checking={state.matches("rechecking")}
            error={context.error}
            onRecheck={() => send({ type: "purchase.recheck" })}
            onAgain={() => send({ type: "purchase.again" })}
          />
        )}
    </div>
  );
}
