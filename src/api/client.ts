import redaxios from "redaxios";

export const sessionExpiredMessage = "Your session has expired. Kindly sign-in again.";
/** The two 401 messages that mean the session is over (spec section 8). */
const expiryMessages = new Set([sessionExpiredMessage, "Session Expired. Please try signing again."]);

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A refused or failed call, after its notice has been shown. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly msg: string,
    readonly data: unknown = null,
    readonly fields: Record<string, string[]> | undefined = undefined,
    readonly sessionExpired = false,
  ) {
    super(msg);
    this.name = "ApiFailure";
  }
}

export type NoticeSink = (notice: { type: "success" | "error"; message: string; title?: string }) => void;

export interface ApiClientDeps {
  baseURL: string;
  getToken(): string | null;
  /** Clear stored data and go to /auth; the client itself shows the expiry message. */
  onSessionExpired(): void;
  notify: NoticeSink;
  fetch?: typeof fetch;
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
  /** Keep failures off screen, for calls whose caller explains the outcome itself. */
  quietFailure?: boolean;
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

interface EnvelopeLike {
  status?: unknown;
  msg?: unknown;
  data?: unknown;
  fields?: unknown;
}

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

  function fail(failure: ApiFailure, options: CallOptions): never {
    if (!options.quietFailure) {
      const message = options.rewriteError?.(failure) ?? failure.msg;
      deps.notify({ type: "error", message, ...(options.errorTitle && { title: options.errorTitle }) });
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

    const envelope = (
      typeof response.data === "object" && response.data !== null ? response.data : {}
    ) as EnvelopeLike;
    const msg = typeof envelope.msg === "string" && envelope.msg ? envelope.msg : "Something went wrong";
    const ok = response.status >= 200 && response.status < 300 && envelope.status === true;
    if (ok) {
      let data: T;
      try {
        data = result.parse(envelope.data);
      } catch {
        return fail(
          new ApiFailure(response.status, "Something went wrong: the server's answer was not understood."),
          options,
        );
      }
      if (options.announceSuccess ?? method !== "GET") deps.notify({ type: "success", message: msg });
      return { msg, data };
    }

    const fields =
      typeof envelope.fields === "object" && envelope.fields
        ? (envelope.fields as Record<string, string[]>)
        : undefined;
    if (response.status === 401 && (expiryMessages.has(msg) || isProfileFetch(method, path))) {
      deps.onSessionExpired();
      deps.notify({ type: "error", message: sessionExpiredMessage });
      throw new ApiFailure(401, sessionExpiredMessage, null, undefined, true);
    }
    const failure = new ApiFailure(response.status, msg, envelope.data ?? null, fields);
    if (response.status >= 500 && options.serverErrorMessage) {
      return fail(failure, { ...options, rewriteError: () => options.serverErrorMessage });
    }
    return fail(failure, options);
  }

  return {
    /** The checked `data` of a successful answer; a failure throws ApiFailure after showing it. */
    request: async <T>(...call: Parameters<typeof exchange<T>>): Promise<T> => (await exchange(...call)).data,
    /** The same, with the server's `msg` beside the data, for the few answers whose msg is content. */
    requestWithMessage: exchange,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
