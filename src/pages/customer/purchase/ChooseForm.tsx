import type { Choice } from "../../../../machines/purchaseMachine";
import type { PurchaseCatalogue } from "../../../../schemas/catalogue";
import { AirtimeForm } from "./AirtimeForm";
import { DataForm } from "./DataForm";
import { ElectricityForm } from "./ElectricityForm";
import { TvForm } from "./TvForm";

/** The catalogue's own kind of form, showing the earlier choice again when it was of that kind. */
export function ChooseForm({
  catalogue,
  choice,
  onNext,
}: {
  catalogue: PurchaseCatalogue;
  choice: Choice | null;
  onNext: (choice: Choice) => void;
}) {
  switch (catalogue.kind) {
    case "airtime":
      return (
        <AirtimeForm
          catalogue={catalogue}
          draft={choice?.kind === "airtime" ? choice.draft : undefined}
          onNext={onNext}
        />
      );
    case "data":
      return (
        <DataForm
          catalogue={catalogue}
          draft={choice?.kind === "data" ? choice.draft : undefined}
          onNext={onNext}
        />
      );
    case "tv":
      return (
        <TvForm
          catalogue={catalogue}
          draft={choice?.kind === "tv" ? choice.draft : undefined}
          onNext={onNext}
        />
      );
    case "electricity":
      return (
        <ElectricityForm
          catalogue={catalogue}
          draft={choice?.kind === "electricity" ? choice.draft : undefined}
          onNext={onNext}
        />
      );
  }
}
