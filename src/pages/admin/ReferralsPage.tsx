import { useCallback } from "react";
import { useSearchParams } from "wouter";
import type { Referral } from "../../../schemas/admin";
import { useAdminServices } from "../../app/AppServices";
import { pageFrom } from "../../app/listAddress";
import { useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { PagedResults } from "../../components/PagedResults";
import { formatDate } from "../../format/formatDate";
import { formatNaira } from "../../format/money";
import "./console.css";

const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();

export default function ReferralsPage() {
  const { admin } = useAdminServices();
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  usePageTitle("Referrals");

  const list = useLoad(useCallback(() => admin.referrals({ page }), [admin, page]));

  return (
    <div className="console-page">
      <h1>Referrals</h1>
      <PagedResults
        title="Referrals"
        list={list}
        page={page}
        onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})}
        failed="We could not load the referrals."
        none={<p>No referrals yet.</p>}
      >
        {(rows, stale) => (
          <ul className={`console-list ${stale ? "stale" : ""}`}>
            {rows.map((referral) => (
              <li key={referral.referred.id}>
                <ReferralRecord referral={referral} />
              </li>
            ))}
          </ul>
        )}
      </PagedResults>
    </div>
  );
}

function ReferralRecord({ referral }: { referral: Referral }) {
  const { referrer, referred } = referral;
  const paid = referral.state === "paid";
  return (
    <article className="record">
      <div className="record-head">
        <span className={`pill ${paid ? "pill-ok" : "pill-wait"}`}>
          {paid ? "Bonus paid" : "Waiting for first ₦1,000 funding"}
        </span>
      </div>
      <dl>
        <div>
          <dt>Referrer</dt>
          <dd>
            {fullName(referrer)} <span className="record-meta">{referrer.email}</span>
          </dd>
        </div>
        <div>
          <dt>Referred</dt>
          <dd>
            {fullName(referred)} <span className="record-meta">{referred.email}</span>
            <br />
            <span className="record-meta">Joined {formatDate(referred.date_joined)}</span>
          </dd>
        </div>
        {paid && (
          <div>
            <dt>Bonus</dt>
            <dd>
              {referral.bonus !== null && formatNaira(referral.bonus)}
              {referral.paid_at && <> · paid {formatDate(referral.paid_at)}</>}
              {referral.reference && <span className="record-meta code"> {referral.reference}</span>}
            </dd>
          </div>
        )}
      </dl>
    </article>
  );
}
