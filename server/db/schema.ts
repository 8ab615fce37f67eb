import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone").notNull(),
    passwordHash: text("password_hash").notNull(),
    pinHash: text("pin_hash"),
    role: text("role", { enum: ["customer", "staff", "admin"] })
      .notNull()
      .default("customer"),
    isActive: boolean("is_active").notNull().default(true),
    emailVerifiedAt: at("email_verified_at"),
    /** Set by an admin to stop purchases and funding; `can_transact` is verified and not suspended. */
    transactSuspended: boolean("transact_suspended").notNull().default(false),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    referralCode: text("referral_code").notNull(),
    referredBy: uuid("referred_by"),
    failedLogins: smallint("failed_logins").notNull().default(0),
    loginLockedUntil: at("login_locked_until"),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_referral_code_key").on(t.referralCode),
    index("users_created_at_idx").on(t.createdAt),
    check("users_role_check", sql`${t.role} in ('customer', 'staff', 'admin')`),
    check("users_email_lower_check", sql`${t.email} = lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    createdAt: at("created_at").notNull(),
    lastSeenAt: at("last_seen_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    revokedAt: at("revoked_at"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    purpose: text("purpose", { enum: ["email_verification", "pin_reset"] }).notNull(),
    /** argon2id of the 6 digits. */
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: at("created_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    /** Set when used or replaced by a newer code; a code is good at most once. */
    consumedAt: at("consumed_at"),
  },
  (t) => [
    index("one_time_codes_user_purpose_idx").on(t.userId, t.purpose, t.createdAt),
    check("one_time_codes_purpose_check", sql`${t.purpose} in ('email_verification', 'pin_reset')`),
  ],
);

export const wallets = pgTable(
  "wallets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    number: char("number", { length: 10 }).notNull(),
    /** Cached sum of the wallet's ledger entries, in kobo. */
    balance: bigint("balance", { mode: "number" }).notNull().default(0),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("wallets_user_key").on(t.userId),
    uniqueIndex("wallets_number_key").on(t.number),
    check("wallets_balance_non_negative", sql`${t.balance} >= 0`),
    check("wallets_number_digits", sql`${t.number} ~ '^[0-9]{10}$'`),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => users.id),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    ip: text("ip"),
    createdAt: at("created_at").notNull(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt), index("audit_log_actor_idx").on(t.actorId)],
);

/** One row: the emergency switch that stops every sale. */
export const emergencyMode = pgTable(
  "emergency_mode",
  {
    id: smallint("id").primaryKey().default(1),
    enabled: boolean("enabled").notNull().default(false),
    message: text("message").notNull().default(""),
    updatedAt: at("updated_at"),
    updatedBy: uuid("updated_by").references(() => users.id),
  },
  (t) => [check("emergency_mode_single_row", sql`${t.id} = 1`)],
);
