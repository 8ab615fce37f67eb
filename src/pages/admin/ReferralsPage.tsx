import { useCallback, useId } from "react";
import { useSearchParams } from "wouter";
import type { Referral } from "../../../schemas/admin";
import { useAdminServices } from "../../app/AppServices";
import { pageFrom } from "../../app/listAddress";
import { useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { LoadFailed } from "../../components/LoadFailed";
import { Pager, pageCount } from "../../components/Pager";
import { formatDate } from "../../format/formatDate";
import { formatNaira } from "../../format/money";
import "./console.css";

const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();

export default function ReferralsPage() {
  const { admin } = useAdminServices();
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const results = useId();
  usePageTitle("Referrals");

  const list = useLoad(useCallback(() => admin.referrals({ page }), [admin, page]));
  const data = list.state === "failed" ? undefined : list.data;

  return (
    <div className="console-page">
      <h1>Referrals</h1>
      <section className="card" aria-labelledby={results} aria-busy={list.state === "loading"}>
        <h2 id={results} className="sr-only">
          Referrals
        </h2>
        {list.state === "loading" && !data && (
          <p role="status" className="muted">
            Loading…
          </p>
        )}
        {list.state === "failed" && (
          <LoadFailed message="We could not load the referrals." retry={list.retry} />
        )}
        {data && data.results.length === 0 && (
          <div className="empty-state">
            <p>{data.count === 0 ? "No referrals yet." : `There is no page ${page}.`}</p>
            {data.count > 0 && (
              <button type="button" className="button secondary" onClick={() => setParams({})}>
                Go to page 1
              </button>
            )}
          </div>
        )}
        {data && data.results.length > 0 && (
          <ul className={`console-list ${list.state === "loading" ? "stale" : ""}`}>
            {data.results.map((referral) => (
              <li key={referral.referred.id}>
                <ReferralRecord referral={referral} />
              </li>
            ))}
          </ul>
        )}
        {data && (page > 1 || pageCount(data) > 1) && (
          <Pager
            page={page}
            pages={pageCount(data)}
            onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})}
          />
        )}
      </section>
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
