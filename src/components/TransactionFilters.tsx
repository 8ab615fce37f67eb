import {
  type TransactionKind,
  type TransactionStatus,
  transactionKind,
  transactionStatus,
} from "../../schemas/transactions";
import { ChoiceFilter } from "./ChoiceFilter";
import { kindLabels, statusLabels } from "./TransactionLabels";

type KindAndStatus = { kind?: TransactionKind | undefined; status?: TransactionStatus | undefined };

/**
 * A transaction list's kind and status filters, the customer's history and the console's list alike;
 * a list of one kind (the console's airtime page) leaves the kind out.
 */
export function TransactionFilters({
  kind,
  status,
  withKind = true,
  onChange,
}: KindAndStatus & { withKind?: boolean; onChange: (change: KindAndStatus) => void }) {
  return (
    <>
      {withKind && (
        <ChoiceFilter
          label="Kind"
          value={kind}
          choices={transactionKind.options}
          labels={kindLabels}
          onChange={(kind) => onChange({ kind })}
        />
      )}
      <ChoiceFilter
        label="Status"
        value={status}
        choices={transactionStatus.options}
        labels={statusLabels}
        onChange={(status) => onChange({ status })}
      />
    </>
  );
}
