import { type ReactNode, useCallback, useId } from "react";
import { Link, useSearchParams } from "wouter";
import {
  type ChangeRequestView,
  type ContestedAccount,
  type ContestView,
  reviewDecisionBody,
} from "../../../schemas/kycReview";
import { type ReviewStatus, reviewStatus } from "../../../schemas/kycStatus";
import { useAdminServices } from "../../app/AppServices";
import { type Loaded, useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { useReasonDialog } from "../../app/useReasonDialog";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PagedResults, type PageOf } from "../../components/PagedResults";
import { ReasonField } from "../../components/TextAreaField";
import { formatDate } from "../../format/formatDate";
import { formatDateTime } from "../../format/formatDateTime";
import { useSession } from "../../session/useSession";
import { fullName } from "./accountLabels";
import { IdentityMatchReviews } from "./IdentityMatchReviews";
import { Checks, masked, Resolution, StatusPill, statusLabels } from "./reviewParts";
import "./console.css";
import "./identityReviews.css";

const born = (date: string | null) => (date ? formatDate(date) : "Not given");
/** "0803 555 0199": read at a glance, and wraps between groups in a narrow column. */
const groupedPhone = (phone: string) => phone.replace(/^(\d{4})(\d{3})(\d{4})$/, "$1 $2 $3");

/** A page number of one of the page's two lists, from its own address key. */
function pageOf(params: URLSearchParams, key: string): number {
  const page = Number(params.get(key));
  return Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

type Decision = {
  kind: "change" | "contest";
  action: "approve" | "reject";
  id: string;
  /** What the dialog says is about to happen. */
  title: string;
  confirmLabel: string;
  facts: ReactNode;
};

/**
 * Identity reviews (staff and admins): customers' corrections of the names and dates of birth an
 * identity check fixed, and contests of a BVN or NIN linked to another account, with both accounts
 * side by side. Each is approved or rejected with a reason, which the audit log keeps.
 */
export default function IdentityReviewsPage() {
  const { admin } = useAdminServices();
  const { profile } = useSession();
  const [params, setParams] = useSearchParams();
  const status = reviewStatus.safeParse(params.get("status")).data ?? "pending";
  const changesPage = pageOf(params, "changes_page");
  const contestsPage = pageOf(params, "contests_page");
  const statusId = useId();
  usePageTitle("Identity reviews");

  const changes = useLoad(
    useCallback(() => admin.identityChanges({ status, page: changesPage }), [admin, status, changesPage]),
  );
  const contests = useLoad(
    useCallback(() => admin.identityContests({ status, page: contestsPage }), [admin, status, contestsPage]),
  );
  const show = (next: Record<string, string | number>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === 1 || value === "pending") merged.delete(key);
      else merged.set(key, String(value));
    }
    setParams(merged);
  };
  const decision = useDecision(() => {
    changes.retry();
    contests.retry();
  });
  // Admins can open a customer's whole record; Manage users is not a staff page.
  const person = (account: { id: string; first_name: string; last_name: string }) =>
    profile?.role === "admin" ? (
      <Link href={`/manage-users/${account.id}`}>{fullName(account)}</Link>
    ) : (
      fullName(account)
    );

  return (
    <div className="console-page">
      <h1>Identity reviews</h1>
      <div className="card review-intro">
        <p className="muted">
          A failed identity check fixes a customer's names and date of birth: a change then comes here as a
          correction. A customer whose number the registry matched but another account holds contests it here.
          A match no code could confirm (no phone on the record, or no SMS) waits here for staff. Read the
          checks beside each before deciding.
        </p>
        <div className="field">
          <label htmlFor={statusId}>Show</label>
          <select
            id={statusId}
            value={status}
            onChange={(e) => show({ status: e.target.value, changes_page: 1, contests_page: 1 })}
          >
            {reviewStatus.options.map((choice) => (
              <option key={choice} value={choice}>
                {statusLabels[choice]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <IdentityMatchReviews key={status} status={status} />

      <ReviewList
        title="Corrections of names and dates of birth"
        noun="corrections"
        status={status}
        list={changes}
        page={changesPage}
        onPage={(page) => show({ changes_page: page })}
        record={(request) => <ChangeRecord request={request} person={person} decide={decision.open} />}
      />

      <ReviewList
        title="Contested BVNs and NINs"
        noun="contests"
        status={status}
        list={contests}
        page={contestsPage}
        onPage={(page) => show({ contests_page: page })}
        record={(contest) => <ContestRecord contest={contest} person={person} decide={decision.open} />}
      />

      <ConfirmDialog
        flow={decision.flow}
        title={decision.draft?.title ?? ""}
        confirmLabel={decision.draft?.confirmLabel ?? ""}
        busyLabel="Saving…"
        danger={decision.draft?.kind === "contest" && decision.draft.action === "approve"}
        onSubmit={decision.submit}
        failureMessage="Nothing was decided, or we could not tell. Trying again is safe."
      >
        {decision.draft?.facts}
        <ReasonField
          hint="Kept in the audit log. The customer does not see it."
          maxLength={300}
          error={decision.form.formState.errors.reason?.message}
          {...decision.form.register("reason")}
        />
      </ConfirmDialog>
    </div>
  );
}

type Person = (account: { id: string; first_name: string; last_name: string }) => ReactNode;
type Decide = (decision: Decision) => void;

/** One decision at a time: the record's facts and a reason in the dialog, then sent once. */
function useDecision(reload: () => void) {
  const { admin } = useAdminServices();
  const decision = useReasonDialog<Decision>({
    schema: reviewDecisionBody,
    send: (d, reason) =>
      d.kind === "change"
        ? admin.decideIdentityChange(d.id, d.action, reason)
        : admin.decideIdentityContest(d.id, d.action, reason),
    reload,
  });
  return { ...decision, draft: decision.subject };
}

/** One of the page's two lists of requests, each with its own page in the address. */
function ReviewList<P extends PageOf<{ id: string }>>({
  title,
  noun,
  status,
  list,
  page,
  onPage,
  record,
}: {
  title: string;
  noun: "corrections" | "contests";
  status: ReviewStatus;
  list: Loaded<P> & { retry: () => void };
  page: number;
  onPage: (page: number) => void;
  record: (row: P["results"][number]) => ReactNode;
}) {
  return (
    <PagedResults
      title={title}
      showTitle
      list={list}
      page={page}
      onPage={onPage}
      failed={`We could not load the ${noun}.`}
      none={<p>{`No ${statusLabels[status].toLowerCase()} ${noun}.`}</p>}
      pagerLabel={noun === "corrections" ? "Corrections pages" : "Contests pages"}
    >
      {(rows, stale) => (
        <ul className={`console-list ${stale ? "stale" : ""}`}>
          {rows.map((row) => (
            <li key={row.id}>{record(row)}</li>
          ))}
        </ul>
      )}
    </PagedResults>
  );
}

/** A pending review's two buttons, each opening the dialog for its decision. */
function DecisionButtons({
  decide,
  approve,
  approveLabel,
  approveDanger = false,
  reject,
}: {
  decide: Decide;
  approve: Decision;
  approveLabel: ReactNode;
  approveDanger?: boolean;
  reject: Decision;
}) {
  return (
    <div className="admin-actions">
      <button
        type="button"
        className={approveDanger ? "button danger" : "button"}
        onClick={() => decide(approve)}
      >
        {approveLabel}
      </button>
      <button type="button" className="button secondary" onClick={() => decide(reject)}>
        Reject
      </button>
    </div>
  );
}

function ChangeRecord({
  request,
  person,
  decide,
}: {
  request: ChangeRequestView;
  person: Person;
  decide: Decide;
}) {
  const { customer, before, requested } = request;
  const rows: Array<[string, string, string]> = [
    ["First name", before.first_name, requested.first_name],
    ["Last name", before.last_name, requested.last_name],
    ["Date of birth", born(before.date_of_birth), born(requested.date_of_birth)],
  ];
  const change = `${fullName(before)} → ${fullName(requested)}, born ${born(requested.date_of_birth)}`;
  return (
    <article className="record" aria-label={`Correction for ${fullName(customer)}`}>
      <div className="record-head">
        <span className="record-title">{person(customer)}</span>
        <StatusPill status={request.status} />
      </div>
      <p className="record-meta">
        Asked {formatDateTime(request.created_at)} · {customer.email} · {customer.phone} · tier{" "}
        {customer.tier}
      </p>
      <div className="review-table">
        <table className="review-compare">
          <caption className="sr-only">Details before and as asked for</caption>
          <thead>
            <tr>
              <td />
              <th scope="col">When asked</th>
              <th scope="col">Asked for</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, was, wanted]) => (
              <tr key={label} className={was === wanted ? undefined : "changed"}>
                <th scope="row">{label}</th>
                <td>{was}</td>
                <td>
                  {wanted}
                  {was !== wanted && <span className="sr-only"> (changed)</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {request.note && (
        <p>
          Customer's note: <q>{request.note}</q>
        </p>
      )}
      <div>
        <p className="review-label">Identity checks</p>
        <Checks checks={request.checks} />
      </div>
      <Resolution review={request} />
      {request.status === "pending" && (
        <DecisionButtons
          decide={decide}
          approve={{
            kind: "change",
            action: "approve",
            id: request.id,
            title: "Apply this correction?",
            confirmLabel: "Apply correction",
            facts: <p>{change}. Their profile changes at once; their details stay fixed.</p>,
          }}
          approveLabel="Apply correction"
          reject={{
            kind: "change",
            action: "reject",
            id: request.id,
            title: "Reject this correction?",
            confirmLabel: "Reject",
            facts: <p>{change}. Their profile stays as it is.</p>,
          }}
        />
      )}
    </article>
  );
}

function ContestRecord({
  contest,
  person,
  decide,
}: {
  contest: ContestView;
  person: Person;
  decide: Decide;
}) {
  const { claimant, holder } = contest;
  const number = masked(contest.id_type, contest.id_last4);
  const rows: Array<[string, (a: ContestedAccount) => ReactNode]> = [
    ["Name", (a) => person(a)],
    ["Date of birth", (a) => born(a.date_of_birth)],
    ["Phone", (a) => groupedPhone(a.phone)],
    ["Email", (a) => a.email],
    ["Tier", (a) => `Tier ${a.tier}`],
    ["Holds the number now", (a) => (a.holds_number ? "Yes" : "No")],
    ["Verified", (a) => (a.verified_at ? formatDateTime(a.verified_at) : "Not verified")],
    ["Joined", (a) => formatDate(a.joined_at)],
    ["Checks of this number", (a) => <Checks checks={a.checks} ofNumber />],
  ];
  return (
    <article className="record" aria-label={`Contest of ${number}`}>
      <div className="record-head">
        <span className="record-title">{number}</span>
        <StatusPill status={contest.status} />
      </div>
      <p className="record-meta">Contested {formatDateTime(contest.created_at)}</p>
      {contest.note && (
        <p>
          Contesting customer's note: <q>{contest.note}</q>
        </p>
      )}
      <div className="review-table">
        <table className="review-compare">
          <caption className="sr-only">The two accounts side by side</caption>
          <thead>
            <tr>
              <td />
              <th scope="col">Contesting</th>
              <th scope="col">{contest.status === "pending" ? "Holding it" : "Held it"}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, cell]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{cell(claimant)}</td>
                <td>{cell(holder)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Resolution review={contest} />
      {contest.status === "pending" && (
        <DecisionButtons
          decide={decide}
          approve={{
            kind: "contest",
            action: "approve",
            id: contest.id,
            title: `Move ${number} to ${fullName(claimant)}?`,
            confirmLabel: "Move the number",
            facts: (
              <p>
                {fullName(claimant)} becomes tier 2 with {number}. {fullName(holder)} loses it and drops to
                tier 1.
              </p>
            ),
          }}
          approveLabel={<>Move to {fullName(claimant)}</>}
          approveDanger
          reject={{
            kind: "contest",
            action: "reject",
            id: contest.id,
            title: "Reject this contest?",
            confirmLabel: "Reject",
            facts: (
              <p>
                {number} stays with {fullName(holder)}.
              </p>
            ),
          }}
        />
      )}
    </article>
  );
}
