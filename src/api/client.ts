import redaxios from "redaxios";
import { fieldMessages, refusalReading } from "../../schemas/envelope";
import type { RefusalCode } from "../../schemas/refusals";
import {
  type CallArgs,
  type CallResult,
  type Contract,
  type RouteKey,
  requestPath,
  splitKey,
} from "../../schemas/routes/contract";
import { sessionExpiredMessage, sessionExpiryMessages } from "../../schemas/sessionExpiry";

type ContractTable = Record<RouteKey, Contract>;

export { sessionExpiredMessage };

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A refused or failed call. `code` is the server's name for the refusal; it is absent when no envelope
 * came back (no connection, or an answer from something else).
 */
export class ApiFailure extends Error {
  readonly code: RefusalCode | undefined;
  readonly data: unknown;
  readonly fields: Record<string, string[]> | undefined;
  #shownOnScreen = false;

  constructor(
    readonly status: number,
    readonly msg: string,
    details: { code?: RefusalCode; data?: unknown; fields?: Record<string, string[]> } = {},
  ) {
    super(msg);
    this.name = "ApiFailure";
    this.code = details.code;
    this.data = details.data ?? null;
    this.fields = details.fields;
  }

  /**
   * Says that the screen shows this refusal itself (under a field, in a dialog, on the page), so the
   * client does not toast it as well. Answers whether something on screen had already said so.
   */
  showOnScreen(): boolean {
    const already = this.#shownOnScreen;
    this.#shownOnScreen = true;
    return already;
  }

  get shownOnScreen(): boolean {
    return this.#shownOnScreen;
  }
}

/** Marks a caught error as shown on screen when it is a refusal of ours (see `ApiFailure.showOnScreen`). */
export function showOnScreen(error: unknown): boolean {
  return error instanceof ApiFailure && error.showOnScreen();
}

export type NoticeSink = (notice: {
  type: "success" | "error";
  message: string;
  title?: string;
  /** Notices of one flow share a topic; a new one replaces the one still up (a sign-up's "check your email" once it is confirmed). */
  topic?: string;
}) => void;

export interface ApiClientDeps {
  baseURL: string;
  getToken(): string | null;
  /** Clear stored data and go to /auth, whose sign-in page says the session expired. */
  onSessionExpired(): void;
  notify: NoticeSink;
  fetch?: typeof fetch;
  /**
   * Runs a refusal's toast once the caller's own handlers have run (by default the next task: every
   * catch, react-hook-form's and xstate's included, runs in the microtasks before it), so a screen that
   * shows the refusal can say so first (`ApiFailure.showOnScreen`).
   */
  afterCallers?: (raise: () => void) => void;
}

export interface CallOptions {
  /** Show the server's success `msg`. Writes announce themselves; reads stay quiet unless asked. */
  announceSuccess?: boolean;
  /** A title shown above the server's message when the call fails ("An error occurred"). */
  errorTitle?: string;
  /** The message for a 500 instead of the server's ("Something went wrong (Server)" on login). */
  serverErrorMessage?: string;
  /** Turns a failure into the words the customer should read, or undefined to keep the server's. */
  rewriteError?: (failure: ApiFailure) => string | undefined;
  /** Never toast a failure: the caller explains every outcome itself. */
  quietFailure?: boolean;
  /** The flow this call belongs to: its notice replaces the flow's earlier one still on screen. */
  topic?: string;
  /** A token to use instead of the stored one (the profile fetch right after sign-in). */
  token?: string;
}

/** Anything with zod's `parse`: the shared schema a result must pass before the app believes it. */
export interface ResultSchema<T> {
  parse(data: unknown): T;
}

/**
 * Spec section 6: the Bearer header goes on every request except paths containing "auth", other than
 * auth/profile. The auth paths that act on the signed-in account carry it too, since the server can
 * only act on the session the token names: logout (the old app had no server-side logout), password
 * change, and the staff authenticator steps (issue 9).
 */
const signedInAuthPaths = ["auth/profile", "auth/logout", "auth/password/change", "auth/totp/"];

export function needsBearer(path: string): boolean {
  return !path.includes("auth") || signedInAuthPaths.some((prefix) => path.includes(prefix));
}

const isProfileFetch = (method: Method, path: string) =>
  method === "GET" && /(^|\/)auth\/profile\/?$/.test(path);

/**
 * `{ status: true, msg, data }`, the envelope of schemas/envelope.ts around any data, whose own schema
 * then parses `data`. Checked by hand, so the client imports no zod of its own: the schemas decide
 * which zod the browser downloads.
 */
function isSuccess(body: unknown): body is { status: true; msg: string; data: unknown } {
  if (typeof body !== "object" || body === null) return false;
  const { status, msg } = body as { status?: unknown; msg?: unknown };
  return status === true && typeof msg === "string";
}
const unclearAnswer = "Something went wrong";

type Refusal = { msg: string; code?: RefusalCode; data?: unknown; fields?: Record<string, string[]> };

/**
 * What a refusal says. Ours parse whole; any other answer with a `msg` (a code this build does not
 * know, an older backend, a proxy speaking our envelope) still has its msg shown, as spec section 8
 * says: "show the msg from the response". An answer with no msg (a proxy's HTML) has nothing to show.
 */
function readRefusal(body: unknown): Refusal | undefined {
  const ours = refusalReading.safeParse(body);
  if (ours.success) return ours.data;
  if (typeof body !== "object" || body === null) return undefined;
  const { status, msg } = body as { status?: unknown; msg?: unknown };
  if (status === true || typeof msg !== "string" || msg.trim() === "") return undefined;
  // Its per-field messages too, so a form can put them under its fields (the spec's taken email).
  const fields = fieldMessages.safeParse((body as { fields?: unknown }).fields);
  return { msg, ...(fields.success && { fields: fields.data }) };
}

/** Spec section 8: a 401 ends the session when it says so by our code or in either of its words. */
const endsSession = (refusal: Refusal | undefined) =>
  refusal?.code === "session_expired" ||
  (refusal !== undefined && sessionExpiryMessages.includes(refusal.msg.trim()));

export function createApiClient(deps: ApiClientDeps) {
  const http = redaxios.create({
    baseURL: deps.baseURL.replace(/\/$/, ""),
    // The spec's CSRF cookie and header. Sessions ride in the Authorization header, not a cookie,
    // so this is belt and braces rather than the defence.
    xsrfCookieName: "csrftoken",
    xsrfHeaderName: "X-CSRFToken",
    validateStatus: () => true,
    ...(deps.fetch && { fetch: deps.fetch }),
  });

  /**
   * The session the server last said had ended. Requests sent together (the dashboard's, beside the
   * profile check) all meet the same ended session; the first answer ends it, the others only fail.
   */
  let endedToken: string | null = null;

  const afterCallers = deps.afterCallers ?? ((raise: () => void) => setTimeout(raise, 0));

  /**
   * The one rule for refusals on screen: a refusal is toasted only when nothing on the screen shows it
   * (a form's field, a dialog, the page), and said in the words `rewriteError` chooses.
   */
  function fail(failure: ApiFailure, options: CallOptions): never {
    if (!options.quietFailure) {
      afterCallers(() => {
        if (failure.shownOnScreen) return;
        const message = options.rewriteError?.(failure) ?? failure.msg;
        deps.notify({
          type: "error",
          message,
          ...(options.errorTitle && { title: options.errorTitle }),
          ...(options.topic && { topic: options.topic }),
        });
      });
    }
    throw failure;
  }

  async function exchange<T>(
    method: Method,
    path: string,
    result: ResultSchema<T>,
    body?: unknown,
    options: CallOptions = {},
  ): Promise<{ msg: string; data: T }> {
    const token = options.token ?? deps.getToken();
    const headers: Record<string, string> = {};
    if (token && needsBearer(path)) headers.Authorization = `Bearer ${token}`;

    let response: { status: number; data: unknown };
    try {
      response = await http(path.replace(/^\//, ""), { method, data: body, headers });
    } catch {
      return fail(
        new ApiFailure(0, "We could not reach OjaPay. Check your connection and try again."),
        options,
      );
    }

    const answered = response.data;
    if (isSuccess(answered) && response.status >= 200 && response.status < 300) {
      const { msg } = answered;
      let data: T;
      try {
        data = result.parse(answered.data);
      } catch {
        return fail(
          new ApiFailure(response.status, "Something went wrong: the server's answer was not understood."),
          options,
        );
      }
      if (options.announceSuccess ?? method !== "GET")
        deps.notify({ type: "success", message: msg, ...(options.topic && { topic: options.topic }) });
      return { msg, data };
    }

    const refusal = readRefusal(response.data);
    if (response.status === 401 && (endsSession(refusal) || isProfileFetch(method, path))) {
      // The sign-in page it leads to says so (sessionExpiredMessage): that is the notice's one place.
      if (!token || token !== endedToken) {
        endedToken = token;
        deps.onSessionExpired();
      }
      throw new ApiFailure(401, sessionExpiredMessage, { code: "session_expired" });
    }
    const failure = new ApiFailure(response.status, refusal?.msg || unclearAnswer, {
      ...(refusal && { code: refusal.code, data: refusal.data, fields: refusal.fields }),
    });
    if (response.status >= 500 && options.serverErrorMessage) {
      return fail(failure, { ...options, rewriteError: () => options.serverErrorMessage });
    }
    return fail(failure, options);
  }

  /** One endpoint of a contract table, by its `METHOD /path`: typed input in, checked result out. */
  async function send<T extends ContractTable, K extends keyof T & RouteKey>(
    table: T,
    key: K,
    ...[input, options]: CallArgs<T[K], CallOptions>
  ): Promise<{ msg: string; data: CallResult<T[K]> }> {
    const { method, path } = splitKey(key);
    // The generic input narrows only at a call site; here it is read as the shape every input has.
    const sent = (input ?? {}) as { params?: object; query?: object; body?: unknown };
    const url = requestPath(path, { ...sent.params }, { ...sent.query });
    // The table's own entry: its result schema parses to exactly the type CallResult names.
    const { result } = table[key] as T[K];
    // By default a call's notice replaces the one its last answer left (an error, then the success of
    // trying again); a flow of several calls names a topic of its own.
    return exchange(method, url, result as ResultSchema<CallResult<T[K]>>, sent.body, {
      topic: key,
      ...options,
    });
  }

  return {
    /** The checked `data` of a call to a contract's endpoint (see `send`). */
    call: async <T extends ContractTable, K extends keyof T & RouteKey>(
      table: T,
      key: K,
      ...args: CallArgs<T[K], CallOptions>
    ): Promise<CallResult<T[K]>> => (await send(table, key, ...args)).data,
    /** The same, with the server's `msg` beside the data, for the few answers whose msg is content. */
    callWithMessage: send,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
