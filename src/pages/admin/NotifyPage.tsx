import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useCallback, useId, useState } from "react";
import { type FieldError, type UseFormRegisterReturn, useForm, useWatch } from "react-hook-form";
import { z } from "zod/mini";
import {
  type CircularBody,
  circularBody,
  type NotificationBody,
  notificationBody,
  type sentNotification,
} from "../../../schemas/admin";
import { readableErrorFor } from "../../../schemas/readable";
import { useAdminServices } from "../../app/AppServices";
import { useConfirmAction } from "../../app/useConfirmAction";
import { useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { LoadFailed } from "../../components/LoadFailed";
import { NotificationItem } from "../../components/NotificationItem";
import { PagedResults } from "../../components/PagedResults";
import { TextAreaField } from "../../components/TextAreaField";
import { TextField, type TextFieldProps } from "../../components/TextField";
import { formatCount } from "../../format/formatCount";
import { formatDateTime } from "../../format/formatDateTime";
import { schemaResolver } from "../../forms/schemaResolver";
import { showServerFieldErrors } from "../../forms/serverFieldErrors";
import "./console.css";
import { fieldOf } from "../../forms/fieldOf";

/** /admin/notify/all ("Send notification") and /admin/notify/circular ("Circular"). */
export default function NotifyPage({ kind }: { kind: "all" | "circular" }) {
  const title = kind === "all" ? "Send notification" : "Circular";
  usePageTitle(title);
  return (
    <div className="console-page">
      <h1>{title}</h1>
      {kind === "all" ? <NotificationComposer /> : <CircularComposer />}
    </div>
  );
}

/**
 * What TextFields uses of a form: both composers' `useForm` results fit it, whatever their other
 * fields. Typed by the two fields it owns rather than as a generic `UseFormReturn<T>`, whose paths
 * TypeScript cannot check ("title" is not provably a `Path<T>`).
 */
interface TextForm {
  register(name: "title" | "body"): UseFormRegisterReturn;
  formState: { errors: { title?: FieldError | undefined; body?: FieldError | undefined } };
}

/** Title and Message, the fields both forms share. */
function TextFields({ form }: { form: TextForm }) {
  const errors = form.formState.errors;
  return (
    <>
      <TextField label="Title" maxLength={80} error={errors.title?.message} {...form.register("title")} />
      <TextAreaField
        rows={5}
        label="Message"
        maxLength={1000}
        hint="Up to 1,000 characters. Line breaks are kept."
        {...fieldOf(form, "body")}
      />
    </>
  );
}

/** The preview beside the form: a dashed frame around a copy of the customer's own view. */
function Preview({ typed, children, note }: { typed: boolean; children: ReactNode; note?: ReactNode }) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>Preview</h2>
      <div className="preview-frame">
        {typed ? children : <p className="preview-empty">The preview appears as you type.</p>}
      </div>
      {note}
    </section>
  );
}

function Done({ message }: { message: string | null }) {
  // Always in the page, so screen readers announce the message when it appears.
  return (
    <p role="status" className="sent-message">
      {message}
    </p>
  );
}

const blankText = { title: "", body: "" };

function NotificationComposer() {
  const { admin } = useAdminServices();
  const form = useForm<z.input<typeof notificationBody>, unknown, NotificationBody>({
    resolver: schemaResolver(notificationBody),
    defaultValues: blankText,
  });
  const typed = useWatch({ control: form.control });
  const [historyPage, setHistoryPage] = useState(1);
  const history = useLoad(
    useCallback(() => admin.notifications({ page: historyPage }), [admin, historyPage]),
  );
  const composeId = useId();

  // The body is kept exactly as validated while the confirmation is open, so what is sent is what
  // was checked, even if the form changed behind the dialog.
  const flow = useConfirmAction<NotificationBody, z.infer<typeof sentNotification>>({
    send: ({ draft }) => admin.sendNotification(draft),
    onDone: () => {
      form.reset(blankText);
      // The newest is first on page 1; go there (or reload it) to show what was just sent.
      if (historyPage === 1) history.retry();
      else setHistoryPage(1);
    },
    // The API client has already shown the server's message; field messages go under the fields.
    onRefused: (error) => showServerFieldErrors(error, form.setError, ["title", "body"]),
  });
  const sent = flow.output;

  const title = typed.title?.trim() ?? "";
  const body = typed.body?.trim() ?? "";

  return (
    <>
      <div className="notice-compose">
        <section className="card" aria-labelledby={composeId}>
          <h2 id={composeId}>Message to every customer</h2>
          <form noValidate onSubmit={form.handleSubmit(flow.review)}>
            <TextFields form={form} />
            <button type="submit" className="button" disabled={flow.sending}>
              Send to all customers
            </button>
          </form>
          <Done
            message={
              sent && `Sent to ${formatCount(sent.recipients)} customer${sent.recipients === 1 ? "" : "s"}.`
            }
          />
        </section>
        <Preview typed={Boolean(title || body)}>
          {/* Customers read it in their inbox, dated the day it is sent. */}
          <NotificationItem
            heading="h3"
            notification={{ title, body, created_at: new Date().toISOString() }}
          />
        </Preview>
      </div>

      <ConfirmDialog
        flow={flow}
        title="Send this to every customer?"
        confirmLabel="Send"
        busyLabel="Sending…"
      >
        <p>
          “{flow.draft?.title}” goes to every customer’s notifications, and by email where email is set up. It
          cannot be taken back.
        </p>
      </ConfirmDialog>

      <PagedResults
        title="Sent notifications"
        showTitle
        list={history}
        page={historyPage}
        onPage={setHistoryPage}
        pagerLabel="Pages of sent notifications"
        failed="We could not load the sent notifications."
        none={<p className="muted">Nothing sent yet.</p>}
      >
        {(rows) => (
          <ul className="console-list">
            {rows.map((n) => (
              <li key={n.id} className="record">
                <div className="record-head">
                  <span className="record-title">{n.title}</span>
                  <time className="record-meta" dateTime={n.created_at}>
                    {formatDateTime(n.created_at)}
                  </time>
                </div>
                <p className="inbox-body">{n.body}</p>
              </li>
            ))}
          </ul>
        )}
      </PagedResults>
    </>
  );
}

/** The circular form's values: circularBody's own fields, its instants as datetime-local text. */
type CircularForm = z.input<typeof circularBody>;

/** A circular's start or end, typed in the device's time zone (localToIso turns it into an instant). */
function DeviceTimeField(props: Omit<TextFieldProps, "type" | "hint">) {
  return <TextField type="datetime-local" hint="Your device's time." {...props} />;
}

/**
 * A datetime-local value ("2026-01-05T10:00", the admin's own clock) as the instant the server
 * wants. Empty stays missing so the schema says "is required"; nonsense is passed on for the schema
 * to refuse rather than turned into an exception here.
 */
function localToIso(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/**
 * The shared circularBody rules (and messages), run on the form's values once they are instants.
 * Not schemaResolver(…) of the preprocessed schema: its messages would look the fields' titles up on
 * the preprocess step, which has none ("Body must…" instead of "Message must…"), so they are looked
 * up on circularBody itself, exactly as schemaResolver(circularBody) does.
 */
const circularResolver = zodResolver(
  // zod/mini has no preprocess; classic's is this same pipe from a transform into the schema.
  z.pipe(
    z.transform((values: CircularForm) => ({
      ...values,
      starts_at: localToIso(values.starts_at),
      ends_at: localToIso(values.ends_at),
    })),
    circularBody,
  ),
  { error: readableErrorFor(circularBody) },
);

type CircularState = "Showing now" | "Scheduled" | "Ended";
const stateClass: Record<CircularState, string> = {
  "Showing now": "pill-ok",
  Scheduled: "pill-wait",
  Ended: "pill-off",
};

function CircularComposer() {
  const { admin } = useAdminServices();
  const form = useForm<CircularForm, unknown, CircularBody>({
    resolver: circularResolver,
    defaultValues: { ...blankText, starts_at: "", ends_at: "" },
  });
  const typed = useWatch({ control: form.control });
  const list = useLoad(useCallback(() => admin.circulars(), [admin]));
  const composeId = useId();
  const listId = useId();

  const flow = useConfirmAction<CircularBody, unknown>({
    send: ({ draft }) => admin.createCircular(draft),
    onDone: () => {
      form.reset();
      list.retry();
    },
    onRefused: (error) =>
      showServerFieldErrors(error, form.setError, ["title", "body", "starts_at", "ends_at"]),
  });

  const title = typed.title?.trim() ?? "";
  const body = typed.body?.trim() ?? "";
  const starts = localToIso(typed.starts_at ?? "");
  const ends = localToIso(typed.ends_at ?? "");
  const showing =
    starts && ends && !Number.isNaN(Date.parse(starts)) && !Number.isNaN(Date.parse(ends))
      ? `from ${formatDateTime(starts)} until ${formatDateTime(ends)}`
      : null;
  const now = Date.now();

  return (
    <>
      <div className="notice-compose">
        <section className="card" aria-labelledby={composeId}>
          <h2 id={composeId}>New circular</h2>
          <form noValidate onSubmit={form.handleSubmit(flow.review)}>
            <TextFields form={form} />
            <div className="form-row">
              <DeviceTimeField label="Shows from" {...fieldOf(form, "starts_at")} />
              <DeviceTimeField label="Shows until" {...fieldOf(form, "ends_at")} />
            </div>
            <button type="submit" className="button" disabled={flow.sending}>
              Publish circular
            </button>
          </form>
          <Done message={flow.state === "done" ? "Circular published." : null} />
        </section>
        <Preview
          typed={Boolean(title || body)}
          note={
            showing && <p className="muted">Customers see it on their dashboard {showing}, Lagos time.</p>
          }
        >
          {/* The customer dashboard's Notices card, with the same classes, so it looks the same. */}
          <div className="card notices">
            <p className="preview-heading">Notices</p>
            <article className="notice">
              <h3>{title}</h3>
              <p>{body}</p>
            </article>
          </div>
        </Preview>
      </div>

      <ConfirmDialog
        flow={flow}
        title="Publish this circular?"
        confirmLabel="Publish"
        busyLabel="Publishing…"
      >
        {flow.draft && (
          <p>
            “{flow.draft.title}” shows on every customer’s dashboard from{" "}
            {formatDateTime(flow.draft.starts_at)} until {formatDateTime(flow.draft.ends_at)}, Lagos time.
          </p>
        )}
      </ConfirmDialog>

      <section className="card" aria-labelledby={listId} aria-busy={list.state === "loading"}>
        <h2 id={listId}>Circulars</h2>
        {list.state === "loading" && !list.data && (
          <p role="status" className="muted">
            Loading…
          </p>
        )}
        {list.state === "failed" && (
          <LoadFailed message="We could not load the circulars." retry={list.retry} />
        )}
        {list.state !== "failed" && list.data?.length === 0 && <p className="muted">No circulars yet.</p>}
        {list.state !== "failed" && list.data && list.data.length > 0 && (
          <ul className="console-list">
            {list.data.map((c) => {
              // The server says which are current; of the rest, the start time tells future from past.
              const state: CircularState = c.current
                ? "Showing now"
                : Date.parse(c.starts_at) > now
                  ? "Scheduled"
                  : "Ended";
              return (
                <li key={c.id} className="record">
                  <div className="record-head">
                    <span className="record-title">{c.title}</span>
                    <span className={`pill ${stateClass[state]}`}>{state}</span>
                  </div>
                  <p className="inbox-body">{c.body}</p>
                  <p className="record-meta">
                    From {formatDateTime(c.starts_at)} until {formatDateTime(c.ends_at)}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
