import type { Logger } from "pino";
import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Database } from "./db/database";
import type { InstancePresence } from "./db/instancePresence";
import type { sessions, users } from "./db/schema";
import type { Simulators } from "./integrations";
import type { Mailer } from "./mail/mailer";
import type { MailOutbox } from "./mail/outbox";
import type { AppMetrics } from "./metrics/appMetrics";
import type { PaymentGateway } from "./outside/gateway";
import type { IdentityVerifier } from "./outside/identityVerifier";
import type { Provider } from "./outside/provider";
import type { ProviderSet } from "./outside/providerSet";
import type { KeyCaller } from "./services/resellers/apiCallers";
import type { SmsSending } from "./services/sms/smsSender";

/** Everything the app needs from outside; tests pass their own. */
export interface AppDeps {
  db: Database;
  /** This process as the other instances see it: alive while it holds its presence lock. */
  instance: InstancePresence;
  /** The transport the outbox sends through; services put mail in the outbox, never here. */
  mailer: Mailer;
  outbox: MailOutbox;
  clock: Clock;
  config: Config;
  logger: Logger;
  /** Every provider `PROVIDERS` lists, in its order. */
  providers: ProviderSet;
  /** The first of them, which purchases go to until routing chooses among them. */
  provider: Provider;
  gateway: PaymentGateway;
  /** Checks BVNs and NINs; null where no real provider is set up (tiers are then raised by admins). */
  identity: IdentityVerifier | null;
  /** The simulated VTpass and Paystack, served under /simulator/ while they are on. */
  simulators: Simulators | null;
  /** What `GET /metrics` reports; null when METRICS_TOKEN is unset, and then nothing is counted. */
  metrics: AppMetrics | null;
  /** Termii (or its simulator) and this process's SMS sender; null when SMS is off ("by email only"). */
  sms: SmsSending | null;
}

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export interface AuthSession {
  sessionId: string;
  user: UserRow;
  /** When this session passed the authenticator code (staff and admins); null until then. */
  secondFactorAt: Date | null;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    session: AuthSession | undefined;
    /** A program's call with an API key (the v1 API, the market's dialect): whose key, and the key. */
    keyCaller?: KeyCaller | undefined;
    /** The caller's address, for the audit log. */
    ip: string | null;
  };
}
