import type { Choice } from "../../../../machines/purchaseMachine";
import type { PurchaseCatalogue } from "../../../../schemas/catalogue";
import type { PurchaseKind } from "../../../../schemas/transactions";
import { useAgainDraft } from "../recipients/useAgainDraft";
import { AirtimeForm } from "./AirtimeForm";
import { DataForm } from "./DataForm";
import { ElectricityForm } from "./ElectricityForm";
import { ExamPinForm } from "./ExamPinForm";
import { RechargePinForm } from "./RechargePinForm";
import { TvForm } from "./TvForm";

/** Each product as the subject of "… not on sale right now". */
const onSale: Record<PurchaseKind, string> = {
  airtime: "Airtime is",
  data: "Data is",
  tv: "Cable TV is",
  electricity: "Electricity is",
  exam_pin: "Exam PINs are",
  recharge_pin: "Recharge cards are",
};

/**
 * Whether anything can be chosen: staff may have switched off every network, provider, disco or exam PIN, or
 * left none with a plan, and then the form would only lead to "not available" after it was filled in.
 */
function somethingOnSale(catalogue: PurchaseCatalogue): boolean {
  switch (catalogue.kind) {
    case "airtime":
      return catalogue.controls.some((c) => c.enabled);
    case "data":
      return catalogue.networks.some((n) => n.enabled && catalogue.plans.some((p) => p.control_id === n.id));
    case "tv":
      return catalogue.providers.some((v) => v.enabled && catalogue.plans.some((p) => p.control_id === v.id));
    case "electricity":
      return catalogue.discos.some((d) => d.enabled);
    case "exam_pin":
      return catalogue.products.some((p) => p.enabled);
    case "recharge_pin":
      return catalogue.cards.some((c) => c.available);
  }
}

/**
 * The catalogue's own kind of form, showing the earlier choice again when it was of that kind, or the
 * purchase it was opened to buy again; or, when nothing is on sale, a sentence saying so in its place.
 */
export function ChooseForm(props: {
  catalogue: PurchaseCatalogue;
  choice: Choice | null;
  onNext: (choice: Choice) => void;
}) {
  const again = useAgainDraft();
  if (again.state === "loading") return <p role="status">Filling in your earlier purchase…</p>;
  const ready = again.state === "ready" && again.again.kind === props.catalogue.kind ? again.again : null;
  const said = again.state === "failed" ? again.msg : ready?.unavailable;
  return (
    <>
      {said && (
        <p className="field-error" role="alert">
          {said}
        </p>
      )}
      <KindForm {...props} again={ready?.order} />
    </>
  );
}

function KindForm({
  catalogue,
  choice,
  again,
  onNext,
}: {
  catalogue: PurchaseCatalogue;
  choice: Choice | null;
  /** A purchase's order to buy again (useAgainDraft), of this catalogue's kind. */
  again: object | undefined;
  onNext: (choice: Choice) => void;
}) {
  // The server's order of a kind is that kind's draft (schemas/beneficiaries.ts `purchaseAgain`).
  const draftOf = <K extends Choice["kind"]>(kind: K) =>
    (choice?.kind === kind ? choice.draft : again) as Extract<Choice, { kind: K }>["draft"] | undefined;
  if (!somethingOnSale(catalogue))
    return <p>{onSale[catalogue.kind]} not on sale right now. Please try again later.</p>;
  switch (catalogue.kind) {
    case "airtime":
      return <AirtimeForm catalogue={catalogue} draft={draftOf("airtime")} onNext={onNext} />;
    case "data":
      return <DataForm catalogue={catalogue} draft={draftOf("data")} onNext={onNext} />;
    case "tv":
      return <TvForm catalogue={catalogue} draft={draftOf("tv")} onNext={onNext} />;
    case "electricity":
      return <ElectricityForm catalogue={catalogue} draft={draftOf("electricity")} onNext={onNext} />;
    case "exam_pin":
      return (
        <ExamPinForm
          catalogue={catalogue}
          draft={choice?.kind === "exam_pin" ? choice.draft : undefined}
          onNext={onNext}
        />
      );
    case "recharge_pin":
      return (
        <RechargePinForm
          catalogue={catalogue}
          draft={choice?.kind === "recharge_pin" ? choice.draft : undefined}
          onNext={onNext}
        />
      );
  }
}
