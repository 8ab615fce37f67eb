import { useCallback, useId, useMemo } from "react";
import { type UseFormRegisterReturn, useForm } from "react-hook-form";
import { Link } from "wouter";
import type { z } from "zod/mini";
import { levelSlugs } from "../../../schemas/levelSlugs";
import { type AdminUserPatch, adminUserPatch, type UserDetail } from "../../../schemas/users";
import { ApiFailure } from "../../api/client";
import { useAdminServices } from "../../app/AppServices";
import { useConfirmAction } from "../../app/useConfirmAction";
import { useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { LoadFailed } from "../../components/LoadFailed";
import { describedBy, FieldNotes, TextField } from "../../components/TextField";
import { SignedAmount, StatusBadge } from "../../components/TransactionLabels";
import { formatDate } from "../../format/formatDate";
import { formatDateTime } from "../../format/formatDateTime";
import { formatNaira } from "../../format/money";
import { schemaResolver } from "../../forms/schemaResolver";
import { showServerFieldErrors } from "../../forms/serverFieldErrors";
import { ActiveBadge } from "./ActiveBadge";
import { fullName, levelLabel, roleLabels } from "./accountLabels";
import { DetailFact } from "./DetailFact";
import { FundWalletForm } from "./FundWalletForm";
import { UserKycSection } from "./UserKycSection";
import "./admin.css";
import { fieldOf } from "../../forms/fieldOf";

/** A user as the admin sees them: who, their wallet, what they bought lately, and what can be changed. */
export default function UserDetailPage({ id }: { id: string }) {
  const { admin } = useAdminServices();
  const detail = useLoad(useCallback(() => admin.user(id), [admin, id]));
  // While a reload is out the previous answer stays on screen, so the form is not torn down mid-edit.
  const user = detail.state === "failed" ? undefined : detail.data;
  const notFound =
    detail.state === "failed" &&
    detail.error instanceof ApiFailure &&
    [400, 404].includes(detail.error.status);
  usePageTitle(user ? fullName(user) : "User details");

  return (
    <div className="admin-page">
      <h1>{user ? fullName(user) : "User details"}</h1>
      {detail.state === "loading" && !user && <p role="status">Loading…</p>}
      {notFound && (
        <div className="card load-failed">
          <p>No user with that id.</p>
          <Link href="/manage-users">Back to users</Link>
        </div>
      )}
      {detail.state === "failed" && !notFound && (
        <LoadFailed message="We could not load this user." retry={detail.retry} />
      )}
      {user && <UserView user={user} reload={detail.retry} />}
    </div>
  );
}

function UserView({ user, reload }: { user: UserDetail; reload: () => void }) {
  const name = fullName(user);
  return (
    <>
      <section className="card" aria-labelledby="user-profile">
        <h2 id="user-profile">Profile</h2>
        <dl className="admin-facts">
          <DetailFact label="Email">{user.email}</DetailFact>
          <DetailFact label="Phone">{user.phone}</DetailFact>
          <DetailFact label="Role">{roleLabels[user.role]}</DetailFact>
          <DetailFact label="Account">
            <ActiveBadge active={user.is_active} />
          </DetailFact>
          <DetailFact label="Email verified">{user.email_verified ? "Yes" : "No"}</DetailFact>
          <DetailFact label="May transact">{user.can_transact ? "Yes" : "No"}</DetailFact>
          <DetailFact label="Transaction PIN">{user.has_pin ? "Set" : "Not set"}</DetailFact>
          <DetailFact label="Date of birth">
            {user.date_of_birth ? formatDate(user.date_of_birth) : "Not given"}
          </DetailFact>
          <DetailFact label="Joined">{formatDate(user.date_joined)}</DetailFact>
          <DetailFact label="Referral code">
            <span className="mono">{user.referral_code}</span>
          </DetailFact>
        </dl>
      </section>

      <section className="card" aria-labelledby="user-wallet">
        <h2 id="user-wallet">Wallet</h2>
        {user.wallet ? (
          <dl className="admin-facts">
            <DetailFact label="Wallet number">
              <span className="mono">{user.wallet.number}</span>
            </DetailFact>
            <DetailFact label="Balance">{formatNaira(user.wallet.balance)}</DetailFact>
          </dl>
        ) : (
          <p className="muted">Staff and admins hold no wallet.</p>
        )}
      </section>

      {user.role === "customer" && (
        <section className="card" aria-labelledby="user-fund">
          <h2 id="user-fund">Fund wallet</h2>
          <FundWalletForm customer={{ id: user.id, name }} onFunded={reload} />
        </section>
      )}

      {user.role === "customer" && (
        <UserKycSection user={{ id: user.id, name }} kyc={user.kyc} onChanged={reload} />
      )}

      <section className="card" aria-labelledby="user-recent">
        <h2 id="user-recent">Recent transactions</h2>
        {user.recent_transactions.length === 0 ? (
          <p className="muted">No transactions yet.</p>
        ) : (
          <ul className="admin-recent">
            {user.recent_transactions.map((t) => (
              <li key={t.id}>
                <Link href={`/transactions/${t.id}`} className="admin-recent-row">
                  <span className="recent-description">{t.description}</span>
                  <span className="recent-reference mono muted">{t.reference}</span>
                  <span className="recent-date muted">{formatDateTime(t.created_at)}</span>
                  <span className="recent-status">
                    <StatusBadge status={t.status} />
                  </span>
                  <span className="recent-amount">
                    <SignedAmount transaction={t} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <EditUser user={user} onSaved={reload} />
    </>
  );
}

type EditValues = z.input<typeof adminUserPatch>;
const editable = ["first_name", "last_name", "phone", "role", "is_active", "can_transact", "level"] as const;

const editValues = (user: UserDetail): Required<EditValues> => ({
  first_name: user.first_name,
  last_name: user.last_name,
  phone: user.phone,
  role: user.role,
  is_active: user.is_active,
  can_transact: user.can_transact,
  // Staff and admins have none; the field is only shown, and so only sent, for customers.
  level: user.level ?? "customer",
});

/**
 * Only the fields that differ from the user as loaded. Compared after the schema has trimmed names and
 * rewritten +234… phones, so retyping the same number differently is not a change, and a field the
 * admin did not touch is never sent (and never overwrites someone else's change made meanwhile).
 */
function changes(values: AdminUserPatch, user: UserDetail): AdminUserPatch {
  const current = editValues(user);
  const diff: AdminUserPatch = {};
  // Generic in the key, so each field's value keeps its own type on the way across.
  const keepIfChanged = <K extends (typeof editable)[number]>(key: K) => {
    if (values[key] !== undefined && values[key] !== current[key]) diff[key] = values[key];
  };
  for (const key of editable) keepIfChanged(key);
  return diff;
}

function EditUser({ user, onSaved }: { user: UserDetail; onSaved: () => void }) {
  const { admin } = useAdminServices();
  const form = useForm<EditValues, unknown, AdminUserPatch>({
    resolver: schemaResolver(adminUserPatch),
    // `values` resets the form when a reload brings a different user, e.g. after saving.
    values: useMemo(() => editValues(user), [user]),
  });
  const roleId = useId();
  const levelId = useId();
  const levels = useLoad(useCallback(() => admin.levels(), [admin]));
  const errors = form.formState.errors;
  const [active, mayTransact] = form.watch(["is_active", "can_transact"]);
  const name = fullName(user);
  const flow = useConfirmAction<AdminUserPatch, UserDetail>({
    send: ({ draft }) => admin.patchUser(user.id, draft),
    onDone: () => onSaved(),
    onRefused: (error) => showServerFieldErrors(error, form.setError, editable),
  });

  const submit = form.handleSubmit(async (values) => {
    const patch = changes(values, user);
    // The shared schema's own rule and words for an empty change.
    const checked = adminUserPatch.safeParse(patch);
    if (!checked.success) {
      form.setError("root", {
        type: "empty",
        message: checked.error.issues[0]?.message ?? "Nothing changed.",
      });
      return;
    }
    // Deactivating ends every session at once; it must be a decision, not a stray click on a switch.
    if (patch.is_active === false) flow.review(patch);
    else flow.confirm(patch);
  });

  return (
    <section className="card" aria-labelledby="user-edit">
      <h2 id="user-edit">Edit user</h2>
      <form noValidate onSubmit={submit}>
        <div className="form-row">
          <TextField label="First name" autoComplete="off" {...fieldOf(form, "first_name")} />
          <TextField label="Last name" autoComplete="off" {...fieldOf(form, "last_name")} />
        </div>
        <div className="form-row">
          <TextField label="Phone" type="tel" autoComplete="off" {...fieldOf(form, "phone")} />
          <div className="field">
            <label htmlFor={roleId}>Role</label>
            <select
              id={roleId}
              aria-invalid={errors.role ? true : undefined}
              aria-describedby={errors.role ? `${roleId}-error` : undefined}
              {...form.register("role")}
            >
              {/* Customers stay customers and staff stay staff or admins: staff are invited, not promoted. */}
              {(user.role === "customer" ? (["customer"] as const) : (["staff", "admin"] as const)).map(
                (r) => (
                  <option key={r} value={r}>
                    {roleLabels[r]}
                  </option>
                ),
              )}
            </select>
            {errors.role && (
              <p className="field-error" id={`${roleId}-error`} role="alert">
                {errors.role.message}
              </p>
            )}
          </div>
        </div>
        {user.role === "customer" && (
          <div className="field">
            <label htmlFor={levelId}>Price level</label>
            <select
              id={levelId}
              aria-invalid={errors.level ? true : undefined}
              aria-describedby={errors.level ? `${levelId}-error` : `${levelId}-hint`}
              {...form.register("level")}
            >
              {levelSlugs.map((slug) => (
                <option key={slug} value={slug}>
                  {(levels.state === "ready" && levels.data.find((l) => l.slug === slug)?.name) ||
                    levelLabel(slug)}
                </option>
              ))}
            </select>
            <p className="field-hint" id={`${levelId}-hint`}>
              What they pay; set here, no upgrade fee is charged.
            </p>
            {errors.level && (
              <p className="field-error" id={`${levelId}-error`} role="alert">
                {errors.level.message}
              </p>
            )}
          </div>
        )}
        <Switch
          label="Active"
          checked={Boolean(active)}
          hint="Off signs them out everywhere and stops them signing in."
          {...fieldOf(form, "is_active")}
        />
        <Switch
          label="May transact"
          checked={Boolean(mayTransact)}
          hint="Off suspends their purchases and funding."
          {...fieldOf(form, "can_transact")}
        />
        {errors.root && (
          <p className="field-error" role="alert">
            {errors.root.message}
          </p>
        )}
        <button type="submit" className="button" disabled={flow.sending}>
          {flow.sending && !flow.dialogOpen ? "Saving…" : "Save changes"}
        </button>
      </form>

      <ConfirmDialog
        flow={flow}
        title={`Deactivate ${name}?`}
        confirmLabel="Deactivate"
        busyLabel="Deactivating…"
        danger
      >
        <p>They will be signed out at once and cannot sign in until reactivated.</p>
      </ConfirmDialog>
    </section>
  );
}

type SwitchProps = UseFormRegisterReturn & {
  label: string;
  hint: string;
  /** The native checkbox already knows; aria-checked says it to tools that only read ARIA. */
  checked: boolean;
  error?: string | undefined;
};

/** A checkbox announced as an on/off switch, with its hint and error tied to it. */
function Switch({ label, hint, checked, error, ref, ...input }: SwitchProps) {
  const id = useId();
  return (
    <div className="field switch-field">
      <div className="switch-row">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          role="switch"
          aria-checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          {...input}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
