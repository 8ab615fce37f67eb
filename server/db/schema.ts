import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { AuditAction } from "../../schemas/admin";
import { examBodies } from "../../schemas/catalogue";
import { disputeReasons, disputeStatuses } from "../../schemas/disputeView";
import { identityCheckOutcomes } from "../../schemas/kycStatus";
import { levelSlugs } from "../../schemas/levelSlugs";
import { purchaseKinds, transactionKinds } from "../../schemas/transactions";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
/** `('a', 'b')` for a check constraint, from the same list the column's type is made of. */
const inList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(", ")})`);

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** `hmac-sha256$<key id>$<mac>` (services/accounts/keyedPinHash.ts); argon2id on older rows until their next right PIN. */
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
    /** The authenticator key, sealed with TOTP_KEY (services/accounts/secretBox.ts); set at setup, in use once enabled. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: at("totp_enabled_at"),
    /** The last 30-second step whose code was accepted: a code is good once. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** KYC tier (schemas/kyc.ts): 1 on sign-up, 2 after an identity check, any by an admin with a reason. */
    /** The price level (schemas/levels.ts): what the customer pays, and whether API keys may be theirs. */
    priceLevel: text("price_level", { enum: levelSlugs })
      .notNull()
      .default("customer")
      .references((): AnyPgColumn => priceLevels.slug),
    kycTier: smallint("kyc_tier").notNull().default(1),
    kycTierSource: text("kyc_tier_source", { enum: ["signup", "identity_check", "admin"] })
      .notNull()
      .default("signup"),
    kycTierReason: text("kyc_tier_reason"),
    /** The checked BVN or NIN: never the number itself, only its last four digits and a keyed fingerprint. */
    identityType: text("identity_type", { enum: ["bvn", "nin"] }),
    identityLast4: text("identity_last4"),
    /** HMAC-SHA-256 of type and number under a key from TOTP_KEY: one number verifies one account. */
    identityFingerprint: text("identity_fingerprint"),
    identityName: text("identity_name"),
    identityVerifiedAt: at("identity_verified_at"),
    /**
     * When the registry first answered one of this customer's checks: from then on the names and date
     * of birth it was asked about are fixed, and changing them goes through staff (identity reviews).
     */
    identityLockedAt: at("identity_locked_at"),
    /** A check is out with the provider until then: the names it carries cannot change under it. */
    identityCheckUntil: at("identity_check_until"),
    /**
     * Notices up to this moment are read (the customer opened the inbox); newer ones light the bell.
     * Null until then: notices since the account was made are unread.
     */
    noticesReadAt: at("notices_read_at"),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_referral_code_key").on(t.referralCode),
    uniqueIndex("users_identity_fingerprint_key").on(t.identityFingerprint),
    check("users_kyc_tier_check", sql`${t.kycTier} between 1 and 3`),
    index("users_created_at_idx").on(t.createdAt),
    check("users_role_check", sql`${t.role} in ('customer', 'staff', 'admin')`),
    check("users_email_lower_check", sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * Every identity check the registry answered, whatever it said: what staff read beside a correction
 * or a contest. The number itself is never kept, only its last four digits and its fingerprint.
 */
export const identityChecks = pgTable(
  "identity_checks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    idType: text("id_type", { enum: ["bvn", "nin"] }).notNull(),
    last4: text("last4").notNull(),
    fingerprint: text("fingerprint").notNull(),
    outcome: text("outcome", { enum: identityCheckOutcomes }).notNull(),
    /** The registry's name, kept only when it matched the customer's own details (matched, taken). */
    recordName: text("record_name"),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    index("identity_checks_user_idx").on(t.userId, t.createdAt),
    index("identity_checks_fingerprint_idx").on(t.fingerprint),
    check("identity_checks_outcome_check", sql`${t.outcome} in ${inList(identityCheckOutcomes)}`),
  ],
);

const reviewStatus = ["pending", "approved", "rejected"] as const;

/** A request staff review: when it came, and when, by whom and how it was resolved. */
const reviewed = () => ({
  createdAt: at("created_at").notNull(),
  resolvedAt: at("resolved_at"),
  resolvedBy: uuid("resolved_by").references((): AnyPgColumn => users.id),
  resolution: text("resolution"),
});
/** One pending request per person (`owner`), listed by age, its status one of `reviewStatus`. */
const reviewRules = (
  table: string,
  owner: AnyPgColumn,
  t: { status: AnyPgColumn; createdAt: AnyPgColumn },
) => [
  uniqueIndex(`${table}_one_pending_key`).on(owner).where(sql`${t.status} = 'pending'`),
  index(`${table}_created_idx`).on(t.createdAt),
  check(`${table}_status_check`, sql`${t.status} in ${inList(reviewStatus)}`),
];

/** A customer's correction of details fixed by a check, waiting for staff to apply or refuse it. */
export const profileChangeRequests = pgTable(
  "profile_change_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    status: text("status", { enum: reviewStatus }).notNull().default("pending"),
    /** The details as they would be after the change, and as they were when it was asked for. */
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    dateOfBirth: date("date_of_birth", { mode: "string" }).notNull(),
    firstNameBefore: text("first_name_before").notNull(),
    lastNameBefore: text("last_name_before").notNull(),
    dateOfBirthBefore: date("date_of_birth_before", { mode: "string" }),
    note: text("note"),
    ...reviewed(),
  },
  (t) => reviewRules("profile_change_requests", t.userId, t),
);

/** A customer who met 409 for a number the registry says is theirs, asking staff to look. */
export const identityContests = pgTable(
  "identity_contests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    claimantId: uuid("claimant_id")
      .notNull()
      .references(() => users.id),
    /** The account that held the number when the contest was made. */
    holderId: uuid("holder_id")
      .notNull()
      .references(() => users.id),
    idType: text("id_type", { enum: ["bvn", "nin"] }).notNull(),
    last4: text("last4").notNull(),
    fingerprint: text("fingerprint").notNull(),
    note: text("note"),
    status: text("status", { enum: reviewStatus }).notNull().default("pending"),
    ...reviewed(),
  },
  (t) => reviewRules("identity_contests", t.claimantId, t),
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
    /** When a staff or admin session passed its authenticator code; the console stays shut until then. */
    secondFactorAt: at("second_factor_at"),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/**
 * A sign-up waiting for its email to be proven. It becomes a `users` row only when someone holding the
 * inbox confirms it *and* proves its password (services/accounts/signUps.ts): several may wait for one email
 * (the owner's and a stranger's), and the one confirmed ends the others, so nobody can claim an email
 * before its owner does.
 */
export const signUps = pgTable(
  "sign_ups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone").notNull(),
    passwordHash: text("password_hash").notNull(),
    referredBy: uuid("referred_by").references(() => users.id),
    createdAt: at("created_at").notNull(),
    /** A sign-up not confirmed by then is dropped: its email may be signed up for again meanwhile. */
    expiresAt: at("expires_at").notNull(),
    endedAt: at("ended_at"),
    outcome: text("outcome", { enum: ["verified", "superseded"] }),
    /** The account it became. */
    userId: uuid("user_id").references(() => users.id),
  },
  (t) => [
    index("sign_ups_email_idx").on(t.email, t.createdAt),
    check("sign_ups_email_lower_check", sql`${t.email} = lower(${t.email})`),
    check("sign_ups_outcome_check", sql`${t.outcome} in ('verified', 'superseded')`),
  ],
);

export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Whose code it is: an account's, or a sign-up's that has no account yet (exactly one of the two). */
    userId: uuid("user_id").references(() => users.id),
    signUpId: uuid("sign_up_id").references(() => signUps.id),
    purpose: text("purpose", {
      enum: ["email_verification", "pin_reset", "password_reset", "sign_in"],
    }).notNull(),
    /** argon2id of the 6 digits. Wrong tries are counted in `try_counters`, by email, not here. */
    codeHash: text("code_hash").notNull(),
    /**
     * SHA-256 of the long random token the same email's link carries (256 bits: nothing to count, so
     * strangers' wrong codes cannot disable it). Null for codes mailed without a link.
     */
    linkHash: text("link_hash"),
    createdAt: at("created_at").notNull(),
    /** When the link stops working; the 6 digits stop earlier (services/accounts/oneTimeCodes.ts, codeRules). */
    expiresAt: at("expires_at").notNull(),
    /** Set when used or replaced by a newer code; a code is good at most once. */
    consumedAt: at("consumed_at"),
  },
  (t) => [
    index("one_time_codes_user_purpose_idx").on(t.userId, t.purpose, t.createdAt),
    index("one_time_codes_sign_up_idx").on(t.signUpId, t.createdAt),
    uniqueIndex("one_time_codes_link_hash_key").on(t.linkHash),
    check(
      "one_time_codes_purpose_check",
      sql`${t.purpose} in ('email_verification', 'pin_reset', 'password_reset', 'sign_in')`,
    ),
    check("one_time_codes_holder_check", sql`(${t.userId} is null) <> (${t.signUpId} is null)`),
  ],
);

/**
 * Every email the app sends, written in the same transaction as what it announces and sent by the
 * background worker (server/mail/outbox.ts): a request never waits for a mail server, so answering
 * for a known address takes as long as for an unknown one, and a failed send is tried again.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What kind of mail (its template), for the operator: never its text. */
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    /**
     * `{subject, text}` as JSON, sealed with TOTP_KEY when it carries a code or a link (secretBox.ts);
     * emptied once sent, so the table keeps no code after it has gone.
     */
    message: text("message"),
    sealed: boolean("sealed").notNull(),
    createdAt: at("created_at").notNull(),
    /** Due from then; a worker that claims it moves this on, so another instance leaves it alone. */
    nextAttemptAt: at("next_attempt_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    sentAt: at("sent_at"),
    /** Given up on after too many failures: logged at error level for the operator. */
    gaveUpAt: at("gave_up_at"),
    lastError: text("last_error"),
  },
  (t) => [
    index("mail_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.gaveUpAt} is null`),
    index("mail_outbox_created_idx").on(t.createdAt),
  ],
);

/** Staff and admin recovery codes, for a lost authenticator: SHA-256 of 80 random bits each, used once. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    codeHash: text("code_hash").notNull(),
    createdAt: at("created_at").notNull(),
    usedAt: at("used_at"),
  },
  (t) => [
    uniqueIndex("recovery_codes_hash_key").on(t.codeHash),
    index("recovery_codes_user_idx").on(t.userId),
  ],
);

/**
 * Guesses at a secret (a PIN, a password, a code) per key: the wrong ones so far and the ones being
 * checked right now. One row per key, changed only by single statements, so simultaneous guesses
 * cannot slip past the count (server/services/accounts/tryCounters.ts).
 */
export const tryCounters = pgTable(
  "try_counters",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull().default(0),
    /** Guesses let in and not yet settled; forgotten after a quiet spell, so a crash cannot leave any. */
    pending: integer("pending").notNull().default(0),
    blockedUntil: at("blocked_until"),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [index("try_counters_updated_idx").on(t.updatedAt)],
);

/** rate-limiter-flexible's store for the per-address limits, shared by every instance. */
export const addressLimits = pgTable("address_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: at("expire"),
});

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
    /** Insertion order: several entries can share an instant, and the log must read in the order it happened. */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    actorId: uuid("actor_id").references(() => users.id),
    action: text("action").$type<AuditAction>().notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    ip: text("ip"),
    createdAt: at("created_at").notNull(),
  },
  (t) => [index("audit_log_seq_idx").on(t.seq), index("audit_log_actor_idx").on(t.actorId)],
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

// The catalogue. Money columns are kobo; percentages are basis points (250 = 2.5%).

export const networks = pgTable("networks", {
  id: smallint("id").primaryKey(),
  name: text("name").notNull(),
  // What each provider calls the network and takes off its airtime is in provider_products and
  // provider_networks: one place per provider fact (migration 0016).
  airtimeEnabled: boolean("airtime_enabled").notNull().default(true),
  dataEnabled: boolean("data_enabled").notNull().default(true),
  /** Taken off the airtime's value for the customer; each offer's commission less this is our margin. */
  airtimeDiscountBp: integer("airtime_discount_bp").notNull().default(0),
  airtimeMin: bigint("airtime_min", { mode: "number" }).notNull(),
  airtimeMax: bigint("airtime_max", { mode: "number" }).notNull(),
});

export const dataPlans = pgTable(
  "data_plans",
  {
    id: serial("id").primaryKey(),
    networkId: smallint("network_id")
      .notNull()
      .references(() => networks.id),
    /**
     * Our own code for the plan, unique: what staff and imports know it by. Each provider's code for
     * it (its `variation_code`) is its offer's, in provider_products.
     */
    code: text("code").notNull(),
    name: text("name").notNull(),
    size: text("size").notNull(),
    validity: text("validity").notNull(),
    category: text("category", { enum: ["daily", "weekly", "monthly"] }).notNull(),
    /** How the network delivers it (schemas/catalogue.ts `dataPlanTypes`): shown beside size and validity. */
    planType: text("plan_type", { enum: ["sme", "corporate_gifting", "gifting", "direct"] })
      .notNull()
      .default("direct"),
    price: bigint("price", { mode: "number" }).notNull(),
    enabled: boolean("enabled").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    uniqueIndex("data_plans_code_key").on(t.code),
    check(
      "data_plans_plan_type_check",
      sql`${t.planType} in ('sme', 'corporate_gifting', 'gifting', 'direct')`,
    ),
    index("data_plans_network_idx").on(t.networkId),
    check("data_plans_price_positive", sql`${t.price} > 0`),
  ],
);

export const tvProviders = pgTable("tv_providers", {
  id: smallint("id").primaryKey(),
  name: text("name").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  serviceFee: bigint("service_fee", { mode: "number" }).notNull().default(0),
});

/**
 * Exam PINs on sale: a result checker, a registration PIN or JAMB's UTME PIN. `face_value` is the exam
 * body's own price; what we sell one for (`price`) may not exceed it for JAMB, whose PINs must not be
 * sold above JAMB's price (VTpass's terms). Each provider's code for it is its offer's, in provider_products.
 */
export const examProducts = pgTable(
  "exam_products",
  {
    id: serial("id").primaryKey(),
    exam: text("exam", { enum: examBodies }).notNull(),
    /** Our own code for it, unique (`waec-result`, `jamb-utme-mock`). */
    code: text("code").notNull(),
    name: text("name").notNull(),
    faceValue: bigint("face_value", { mode: "number" }).notNull(),
    price: bigint("price", { mode: "number" }).notNull(),
    /** JAMB's: the candidate's profile ID is checked and sent with the purchase, one PIN at a time. */
    needsProfile: boolean("needs_profile").notNull().default(false),
    enabled: boolean("enabled").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    uniqueIndex("exam_products_code_key").on(t.code),
    check("exam_products_price_check", sql`${t.price} > 0 and ${t.faceValue} > 0`),
    check("exam_products_jamb_price_check", sql`${t.exam} <> 'jamb' or ${t.price} <= ${t.faceValue}`),
  ],
);

/**
 * Recharge cards on sale: one row per network and card value (₦100, ₦200, ₦500, ₦1,000; migration
 * 0027 writes them). `price` is what one card costs before the buyer's level's discount, at or below
 * the value printed on it as the market sells them; each provider's code for it (the vendor's
 * `network_amount` id) and cost are its offer's, in provider_products.
 */
export const rechargeCards = pgTable(
  "recharge_cards",
  {
    id: serial("id").primaryKey(),
    networkId: smallint("network_id")
      .notNull()
      .references(() => networks.id),
    denomination: bigint("denomination", { mode: "number" }).notNull(),
    price: bigint("price", { mode: "number" }).notNull(),
    enabled: boolean("enabled").notNull().default(true),
  },
  (t) => [
    uniqueIndex("recharge_cards_network_denomination_key").on(t.networkId, t.denomination),
    check("recharge_cards_price_check", sql`${t.price} > 0 and ${t.price} <= ${t.denomination}`),
  ],
);

export const tvPlans = pgTable(
  "tv_plans",
  {
    id: serial("id").primaryKey(),
    providerId: smallint("provider_id")
      .notNull()
      .references(() => tvProviders.id),
    /** Our own code for the bouquet, unique; each provider's is its offer's, in provider_products. */
    code: text("code").notNull(),
    name: text("name").notNull(),
    price: bigint("price", { mode: "number" }).notNull(),
    enabled: boolean("enabled").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    uniqueIndex("tv_plans_code_key").on(t.code),
    index("tv_plans_provider_idx").on(t.providerId),
    check("tv_plans_price_positive", sql`${t.price} > 0`),
  ],
);

export const discos = pgTable("discos", {
  id: smallint("id").primaryKey(),
  code: text("code").notNull(),
  name: text("name").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  minAmount: bigint("min_amount", { mode: "number" }).notNull(),
  maxAmount: bigint("max_amount", { mode: "number" }).notNull(),
  serviceFee: bigint("service_fee", { mode: "number" }).notNull().default(0),
});

// Buying from several providers (issue 25; docs/routing.md).

/**
 * What each provider calls a product and charges us for it: one row per provider that sells it.
 * `product_id` is the catalogue row sold: a network (airtime), a data plan, a TV bouquet, a disco.
 */
export const providerProducts = pgTable(
  "provider_products",
  {
    provider: text("provider").notNull(),
    service: text("service", { enum: purchaseKinds }).notNull(),
    productId: integer("product_id").notNull(),
    /** The provider's id for the network, cable or disco (VTpass `mtn-data`; a vendor's `1`). */
    serviceId: text("service_id").notNull(),
    /** The provider's id for the plan or bouquet (data, TV). */
    variationCode: text("variation_code"),
    /** What a plan or bouquet costs us there (data, TV), in kobo. */
    cost: bigint("cost", { mode: "number" }),
    /** What it takes off the face value for us (airtime, electricity), in basis points. */
    commissionBp: integer("commission_bp").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.service, t.productId] }),
    index("provider_products_product_idx").on(t.service, t.productId),
    check("provider_products_cost_check", sql`${t.cost} is null or ${t.cost} >= 0`),
  ],
);

/**
 * What each provider calls a network's data (VTpass `mtn-data`; the SME-data vendor's `data/` ids,
 * which differ from its airtime ids): where "Sync from provider" lists that provider's plans, and the
 * `service_id` a new data offer of that provider for the network's plans is given. A plan's offer
 * keeps its own copy (purchases read offers alone); changing this row changes those in one write.
 */
export const providerNetworks = pgTable(
  "provider_networks",
  {
    provider: text("provider").notNull(),
    networkId: smallint("network_id")
      .notNull()
      .references(() => networks.id),
    dataServiceId: text("data_service_id").notNull(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.networkId] })],
);

/**
 * The order providers are tried in, where staff set one: for a service, a network (`scope` its id)
 * and for data a plan type (`1:sme`); '' is the whole service. Without a row, PROVIDERS' order.
 */
export const providerRoutes = pgTable(
  "provider_routes",
  {
    service: text("service", { enum: purchaseKinds }).notNull(),
    scope: text("scope").notNull(),
    providers: text("providers").array().notNull(),
    updatedAt: at("updated_at").notNull(),
    updatedBy: uuid("updated_by").references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.service, t.scope] })],
);

/**
 * Each provider's standing, shared by every app instance: staff's switch and thresholds, the circuit
 * (open after `circuit_failures` definite failures in a row, for `circuit_minutes`, then one purchase
 * probes), its balance as last polled, and its health over the last 30 minutes as last computed.
 */
export const providerStates = pgTable("provider_states", {
  provider: text("provider").primaryKey(),
  switchedOff: boolean("switched_off").notNull().default(false),
  circuitOpenUntil: at("circuit_open_until"),
  /**
   * Failures in a row are counted from the provider's answers (provider_outcomes) after its last
   * delivery and after this time: when staff closed the circuit by hand.
   */
  circuitCountedFrom: at("circuit_counted_from"),
  circuitFailures: integer("circuit_failures").notNull().default(5),
  circuitMinutes: integer("circuit_minutes").notNull().default(5),
  /** Below this success rate (percent) over 30 minutes it is skipped; 0 never. */
  minSuccessPercent: integer("min_success_percent").notNull().default(0),
  balance: bigint("balance", { mode: "number" }),
  balanceCheckedAt: at("balance_checked_at"),
  balanceError: text("balance_error"),
  lowBalanceWarning: bigint("low_balance_warning", { mode: "number" }).notNull().default(5_000_000),
  /** Percent of answered purchases delivered over the last 30 minutes; null with too few to tell. */
  successPercent: integer("success_percent"),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

/** Every answer a provider gave a purchase (or none, in time): what its health is computed from. */
export const providerOutcomes = pgTable(
  "provider_outcomes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    provider: text("provider").notNull(),
    service: text("service").notNull(),
    outcome: text("outcome", { enum: ["successful", "failed", "unclear"] }).notNull(),
    /** Whether it counts towards opening the circuit: a definite failure, or no answer in time. */
    breaks: boolean("breaks").notNull().default(false),
    latencyMs: integer("latency_ms").notNull(),
    at: at("at").notNull(),
  },
  (t) => [index("provider_outcomes_provider_at_idx").on(t.provider, t.at)],
);

/** A movement of money as its customer sees it (docs/CONTRACT.md), with what settling it needs. */
export const transactions = pgTable(
  "transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    walletId: uuid("wallet_id")
      .notNull()
      .references(() => wallets.id),
    kind: text("kind", {
      enum: transactionKinds,
    }).notNull(),
    status: text("status", {
      enum: ["pending", "successful", "failed", "refunded", "reversed"],
    }).notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    fee: bigint("fee", { mode: "number" }).notNull().default(0),
    discount: bigint("discount", { mode: "number" }).notNull().default(0),
    total: bigint("total", { mode: "number" }).notNull(),
    /** What the provider charges us; revenue is total less this. */
    cost: bigint("cost", { mode: "number" }).notNull().default(0),
    description: text("description").notNull(),
    recipient: text("recipient"),
    product: text("product"),
    /** What the provider needs to deliver and requery: network, plan or bouquet code, disco, meter type. */
    order: jsonb("order"),
    provider: text("provider"),
    /**
     * Our id for this purchase in the provider's format (VTpass: the Lagos date and time first),
     * stored with the held money before the provider is called, so a requery after a crash finds it.
     */
    providerRequestId: text("provider_request_id"),
    /** When the purchase went to its provider (a later provider's try, after a safe failover, resets it). */
    providerSentAt: at("provider_sent_at"),
    providerReference: text("provider_reference"),
    /** A card funding's checkout page at the gateway, so a retried request answers the same one. */
    checkoutUrl: text("checkout_url"),
    token: text("token"),
    /**
     * The PINs an exam-PIN or recharge-card purchase delivered, as JSON sealed with VOUCHER_KEY
     * (services/purchases/vouchers.ts): a copy of the database alone does not give them away.
     */
    vouchers: text("vouchers"),
    /** Prepaid electricity: what the token buys, as the provider says it ("79.9 kWh"). */
    units: text("units"),
    /** Prepaid electricity: the meter's key change tokens, KCT1 and KCT2, space-separated, when the disco gave them. */
    kcts: text("kcts"),
    customerName: text("customer_name"),
    failureReason: text("failure_reason"),
    balanceBefore: bigint("balance_before", { mode: "number" }),
    balanceAfter: bigint("balance_after", { mode: "number" }),
    requeryAttempts: integer("requery_attempts").notNull().default(0),
    nextRequeryAt: at("next_requery_at"),
    /**
     * The app instance (its presence id, db/instancePresence.ts) that last sent the purchase or asked
     * about it: while that instance lives it may still be waiting on the answer; once it is gone, any
     * instance asks about the purchase at once instead of at `nextRequeryAt`.
     */
    askedBy: integer("asked_by"),
    createdBy: uuid("created_by").references(() => users.id),
    /** The API key a reseller's program bought it with, and in which dialect: its webhook says so. */
    apiKeyId: uuid("api_key_id").references((): AnyPgColumn => apiKeys.id),
    apiDialect: text("api_dialect", { enum: ["msorg", "v1"] }),
    /** What the key's caller asked, in its own words and ids (its `request_id` too): its record echoes them. */
    apiRequest: jsonb("api_request"),
    /** A dispute's redelivery: the business paid for it (the refunds account), not the customer's wallet. */
    paidByHouse: boolean("paid_by_house").notNull().default(false),
    /**
     * The bulk purchase it is a row of, written with the hold: its outcome is the batch's to tell, not
     * one SMS per row (db/functions/purchase_sms.sql).
     */
    bulkBatchId: uuid("bulk_batch_id").references((): AnyPgColumn => bulkBatches.id),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("transactions_reference_key").on(t.reference),
    // A key's purchases of a day, against its daily cap (db/functions/purchase_hold.sql).
    index("transactions_api_key_created_idx")
      .on(t.apiKeyId, t.createdAt)
      .where(sql`${t.apiKeyId} is not null`),
    index("transactions_user_created_idx").on(t.userId, t.createdAt),
    index("transactions_requery_idx")
      .on(t.nextRequeryAt)
      .where(sql`${t.status} = 'pending' and ${t.nextRequeryAt} is not null`),
    index("transactions_recent_same_idx").on(t.userId, t.recipient, t.total, t.createdAt),
    uniqueIndex("transactions_provider_request_key")
      .on(t.providerRequestId)
      .where(sql`${t.providerRequestId} is not null`),
    // A gateway's payment credits one funding at most, whichever way we learnt of it.
    uniqueIndex("transactions_gateway_payment_key")
      .on(t.provider, t.providerReference)
      .where(sql`${t.kind} = 'funding' and ${t.providerReference} is not null`),
    // A customer's transactions that gave their money back, by day: what `purchases_on` takes off
    // the day's purchases (purchaseDays) for the daily limit. Rare, so the index is small.
    // A customer's purchases still pending: what the wallet shows them holding, read on every open
    // page. Few at any time, so the index stays small however many a customer has bought.
    index("transactions_user_pending_idx").on(t.userId).where(sql`${t.status} = 'pending'`),
    index("transactions_user_returned_idx")
      .on(t.userId, t.createdAt)
      .where(sql`${t.status} in ('failed', 'refunded', 'reversed')`),
    check(
      "transactions_money_check",
      sql`${t.amount} >= 0 and ${t.fee} >= 0 and ${t.discount} >= 0 and ${t.total} >= 0`,
    ),
  ],
);

/**
 * What each customer bought on each Lagos day: the total of every purchase made that day, whatever
 * became of it (the hold adds each one, with the wallet locked). The daily limit is this less the
 * day's purchases that gave their money back (`purchases_on`, db/functions/purchases_on.sql): one row read instead of
 * a sum over the day's purchases, which grows with a customer who buys hundreds a day.
 */
export const purchaseDays = pgTable(
  "purchase_days",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    day: date("day", { mode: "string" }).notNull(),
    total: bigint("total", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Every status a transaction passes through, in order; never updated. */
/**
 * A purchase's earlier tries at other providers, each of which certainly did not deliver (a refusal
 * or failure safe to move on from). The try that stands is the purchase's own provider columns.
 */
export const purchaseAttempts = pgTable(
  "purchase_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id),
    provider: text("provider").notNull(),
    requestId: text("request_id").notNull(),
    providerReference: text("provider_reference"),
    /** The provider's own words. */
    note: text("note").notNull(),
    reason: text("reason").notNull(),
    sentAt: at("sent_at").notNull(),
    latencyMs: integer("latency_ms").notNull(),
  },
  (t) => [index("purchase_attempts_transaction_idx").on(t.transactionId)],
);

export const transactionEvents = pgTable(
  "transaction_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id),
    status: text("status").notNull(),
    note: text("note").notNull(),
    actorId: uuid("actor_id").references(() => users.id),
    createdAt: at("created_at").notNull(),
  },
  (t) => [index("transaction_events_txn_idx").on(t.transactionId, t.id)],
);

/** A money-moving request by its client-made id: the same id never acts twice. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    requestId: uuid("request_id").notNull(),
    scope: text("scope").notNull(),
    /** SHA-256 of what was asked for (never the PIN), to tell a retry from a different request. */
    requestHash: text("request_hash").notNull(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id),
    /** Set once the request that made the transaction has answered; until then a retry is "in flight". */
    completedAt: at("completed_at"),
    createdAt: at("created_at").notNull(),
  },
  (t) => [uniqueIndex("idempotency_keys_pkey").on(t.userId, t.requestId)],
);

/**
 * The double-entry ledger. A ledger transaction's entries sum to zero (checked by the database at
 * commit); entries are never updated or deleted (refused by the database). A wallet's cached balance
 * moves only by a trigger on its entries, so it cannot drift from them. House accounts have no
 * cached row: their balance is the sum of their entries, so no purchase waits on a hot row.
 */
export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    transactionId: uuid("transaction_id").references(() => transactions.id),
    createdAt: at("created_at").notNull(),
  },
  (t) => [index("ledger_transactions_txn_idx").on(t.transactionId)],
);

export const houseAccounts = [
  "gateway_clearing",
  "staff_funding",
  "purchases_in_flight",
  "provider_payable",
  "revenue",
  "refunds",
  "bonuses",
] as const;
export type HouseAccount = (typeof houseAccounts)[number];

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ledgerTransactionId: uuid("ledger_transaction_id")
      .notNull()
      .references(() => ledgerTransactions.id),
    walletId: uuid("wallet_id").references(() => wallets.id),
    houseAccount: text("house_account"),
    /** Signed kobo: positive raises the account's balance. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    index("ledger_entries_ltxn_idx").on(t.ledgerTransactionId),
    index("ledger_entries_wallet_idx").on(t.walletId),
    index("ledger_entries_house_idx").on(t.houseAccount),
    check("ledger_entries_one_account", sql`(${t.walletId} is null) <> (${t.houseAccount} is null)`),
    check("ledger_entries_nonzero", sql`${t.amount} <> 0`),
    check(
      "ledger_entries_house_known",
      sql`${t.houseAccount} is null or ${t.houseAccount} in ${inList(houseAccounts)}`,
    ),
  ],
);

/** Payment-gateway events already handled, so a repeated webhook credits nothing twice. */
export const gatewayEvents = pgTable(
  "gateway_events",
  {
    gateway: text("gateway").notNull(),
    eventId: text("event_id").notNull(),
    reference: text("reference").notNull(),
    outcome: text("outcome").notNull(),
    receivedAt: at("received_at").notNull(),
  },
  (t) => [uniqueIndex("gateway_events_pkey").on(t.gateway, t.eventId)],
);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** One customer's notice (a reversal, say); null for a notice to every customer. */
    userId: uuid("user_id").references(() => users.id),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: at("created_at").notNull(),
  },
  (t) => [index("notifications_created_idx").on(t.createdAt), index("notifications_user_idx").on(t.userId)],
);

export const circulars = pgTable(
  "circulars",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    startsAt: at("starts_at").notNull(),
    endsAt: at("ends_at").notNull(),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: at("created_at").notNull(),
  },
  (t) => [index("circulars_window_idx").on(t.startsAt, t.endsAt)],
);

/** The referral bonus for one referred customer: written once, with the ledger transaction that paid it. */
export const referralBonuses = pgTable("referral_bonuses", {
  referredUserId: uuid("referred_user_id")
    .primaryKey()
    .references(() => users.id),
  referrerId: uuid("referrer_id")
    .notNull()
    .references(() => users.id),
  amount: bigint("amount", { mode: "number" }).notNull(),
  transactionId: uuid("transaction_id")
    .notNull()
    .references(() => transactions.id),
  paidAt: at("paid_at").notNull(),
});

/**
 * Problems with the business's own provider account (its wallet too low, its keys refused), one row
 * per kind while it lasts: raised by the purchase that met it, cleared by the next delivered one.
 */
export const providerAlerts = pgTable(
  "provider_alerts",
  {
    /** Which provider (`PROVIDERS`' name for it): each provider's trouble is its own. */
    provider: text("provider").notNull(),
    kind: text("kind", { enum: ["low_balance", "account", "mismatch"] }).notNull(),
    /** The provider's own words and code, for whoever fixes it. */
    detail: text("detail").notNull(),
    firstSeenAt: at("first_seen_at").notNull(),
    lastSeenAt: at("last_seen_at").notNull(),
    occurrences: integer("occurrences").notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.kind] }),
    check("provider_alerts_kind_check", sql`${t.kind} in ('low_balance', 'account', 'mismatch')`),
  ],
);

/**
 * The price levels, one row each of the fixed slugs (migration 0019 writes them): a level's extra
 * discount per service in basis points on top of the product's own price, and its upgrade fee.
 */
export const priceLevels = pgTable(
  "price_levels",
  {
    slug: text("slug", { enum: levelSlugs }).primaryKey(),
    name: text("name").notNull(),
    /** Lowest first: the order customers see the levels in. */
    position: smallint("position").notNull(),
    upgradeFee: bigint("upgrade_fee", { mode: "number" }).notNull().default(0),
    airtimeBp: integer("airtime_bp").notNull().default(0),
    dataSmeBp: integer("data_sme_bp").notNull().default(0),
    dataCorporateGiftingBp: integer("data_corporate_gifting_bp").notNull().default(0),
    dataGiftingBp: integer("data_gifting_bp").notNull().default(0),
    dataDirectBp: integer("data_direct_bp").notNull().default(0),
    tvBp: integer("tv_bp").notNull().default(0),
    electricityBp: integer("electricity_bp").notNull().default(0),
    examPinBp: integer("exam_pin_bp").notNull().default(0),
    rechargePinBp: integer("recharge_pin_bp").notNull().default(0),
    /** Whether its members may hold API keys (reseller and api). */
    apiAccess: boolean("api_access").notNull().default(false),
    updatedAt: at("updated_at"),
    updatedBy: uuid("updated_by").references((): AnyPgColumn => users.id),
  },
  (t) => [
    uniqueIndex("price_levels_position_idx").on(t.position),
    check(
      "price_levels_slug_check",
      sql.raw(`slug in (${levelSlugs.map((slug) => `'${slug}'`).join(", ")})`),
    ),
    check("price_levels_fee_check", sql`${t.upgradeFee} >= 0`),
    check(
      "price_levels_discounts_check",
      sql`least(${t.airtimeBp}, ${t.dataSmeBp}, ${t.dataCorporateGiftingBp}, ${t.dataGiftingBp}, ${t.dataDirectBp}, ${t.tvBp}, ${t.electricityBp}, ${t.examPinBp}, ${t.rechargePinBp}) >= 0
        and greatest(${t.airtimeBp}, ${t.dataSmeBp}, ${t.dataCorporateGiftingBp}, ${t.dataGiftingBp}, ${t.dataDirectBp}, ${t.tvBp}, ${t.electricityBp}, ${t.examPinBp}, ${t.rechargePinBp}) <= 10000`,
    ),
  ],
);

/**
 * A data plan's fixed price at a level, instead of the level's discount on it (admins set them on
 * the Price levels page). Like a discount, it never takes the plan below its cost, nor above its own
 * price (server/services/levels/priceLevels.ts, `priceAtLevel`).
 */
export const levelPlanPrices = pgTable(
  "level_plan_prices",
  {
    level: text("level", { enum: levelSlugs })
      .notNull()
      .references(() => priceLevels.slug),
    planId: integer("plan_id")
      .notNull()
      .references(() => dataPlans.id, { onDelete: "cascade" }),
    price: bigint("price", { mode: "number" }).notNull(),
    updatedAt: at("updated_at").notNull(),
    updatedBy: uuid("updated_by").references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.level, t.planId] }),
    check("level_plan_prices_price_check", sql`${t.price} > 0`),
  ],
);

/**
 * A reseller's API key (issue 27): only its SHA-256 is kept, found by its prefix; the webhook signing
 * secret is derived from TOTP_KEY and the key's id (services/resellers/apiKeys.ts), so it is stored nowhere.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    /** The key's first characters after `ojk_`: shown in lists, and how a call's key is found. */
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    webhookUrl: text("webhook_url"),
    allowedIps: text("allowed_ips").array().notNull().default(sql`'{}'::text[]`),
    ratePerSecond: integer("rate_per_second").notNull().default(10),
    burst: integer("burst").notNull().default(30),
    dailyCap: bigint("daily_cap", { mode: "number" }),
    /**
     * The rate limit's state (GCRA): when the key's bucket would be empty again. A call is let in
     * while this, moved on by one call, is at most `burst` calls ahead of now.
     */
    bucketAt: at("bucket_at"),
    createdAt: at("created_at").notNull(),
    lastUsedAt: at("last_used_at"),
    revokedAt: at("revoked_at"),
    revokedBy: uuid("revoked_by").references(() => users.id),
  },
  (t) => [
    uniqueIndex("api_keys_prefix_idx").on(t.prefix),
    index("api_keys_user_idx").on(t.userId, t.createdAt),
    check("api_keys_limits_check", sql`${t.ratePerSecond} > 0 and ${t.burst} >= ${t.ratePerSecond}`),
    check("api_keys_cap_check", sql`${t.dailyCap} is null or ${t.dailyCap} > 0`),
  ],
);

/**
 * Webhooks to resellers' programs, an outbox: one row per event, a purchase made with a key settling
 * (written by a trigger in the settlement's own transaction, db/functions/key_webhooks.sql, whichever code settled
 * it) or a test event its owner asked for. The background worker sends what is due (claimed with
 * SKIP LOCKED) and retries on anything but a 2xx. `body` is made once from `snapshot`, the purchase
 * as it was settled, so every try sends the same bytes, with a new signature time.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    apiKeyId: uuid("api_key_id")
      .notNull()
      .references(() => apiKeys.id),
    transactionId: uuid("transaction_id").references(() => transactions.id),
    event: text("event", { enum: ["purchase.settled", "test"] }).notNull(),
    /** Where it goes: the key's webhook URL when the event happened. */
    url: text("url").notNull(),
    dialect: text("dialect", { enum: ["msorg", "v1"] }).notNull(),
    snapshot: jsonb("snapshot"),
    body: text("body"),
    createdAt: at("created_at").notNull(),
    /** Due from then; a worker that claims it moves this on, so another instance leaves it alone. */
    nextAttemptAt: at("next_attempt_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastAttemptAt: at("last_attempt_at"),
    /** The last answer's HTTP status; null when none came (refused address, timeout, reset). */
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    deliveredAt: at("delivered_at"),
    gaveUpAt: at("gave_up_at"),
  },
  (t) => [
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null and ${t.gaveUpAt} is null`),
    index("webhook_deliveries_key_idx").on(t.apiKeyId, t.createdAt),
    check("webhook_deliveries_body_check", sql`${t.body} is not null or ${t.snapshot} is not null`),
  ],
);

/** One row: settings admins change from the console. */
export const operatorSettings = pgTable(
  "operator_settings",
  {
    id: smallint("id").primaryKey().default(1),
    /** Below this merchant balance (kobo) at the provider, the admin dashboard warns. */
    providerLowBalance: bigint("provider_low_balance", { mode: "number" }).notNull().default(5_000_000),
    /** KYC tier limits in kobo (schemas/kyc.ts); the defaults are the CBN's figures. */
    tier1DailyLimit: bigint("tier1_daily_limit", { mode: "number" }).notNull().default(5_000_000),
    tier1MaxBalance: bigint("tier1_max_balance", { mode: "number" }).notNull().default(30_000_000),
    tier2DailyLimit: bigint("tier2_daily_limit", { mode: "number" }).notNull().default(20_000_000),
    tier2MaxBalance: bigint("tier2_max_balance", { mode: "number" }).notNull().default(50_000_000),
    tier3DailyLimit: bigint("tier3_daily_limit", { mode: "number" }).notNull().default(500_000_000),
    tier3MaxBalance: bigint("tier3_max_balance", { mode: "number" }).notNull().default(10_000_000_000),
    updatedAt: at("updated_at"),
    updatedBy: uuid("updated_by").references(() => users.id),
  },
  (t) => [
    check("operator_settings_single_row", sql`${t.id} = 1`),
    check("operator_settings_low_balance_check", sql`${t.providerLowBalance} >= 0`),
  ],
);

/** A customer's own bank account number at the gateway (Paystack dedicated virtual account). */
export const dedicatedAccounts = pgTable(
  "dedicated_accounts",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id),
    gateway: text("gateway").notNull(),
    customerCode: text("customer_code").notNull(),
    accountNumber: text("account_number").notNull(),
    accountName: text("account_name").notNull(),
    bankName: text("bank_name").notNull(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("dedicated_accounts_number_key").on(t.gateway, t.accountNumber),
    index("dedicated_accounts_customer_idx").on(t.gateway, t.customerCode),
  ],
);

/** The daily comparison of the gateway's successful payments with our credits, one row per Lagos day. */
export const reconciliationRuns = pgTable("reconciliation_runs", {
  day: date("day", { mode: "string" }).primaryKey(),
  gateway: text("gateway").notNull(),
  status: text("status", { enum: ["running", "done", "failed"] }).notNull(),
  startedAt: at("started_at").notNull(),
  finishedAt: at("finished_at"),
  /** Successful payments the gateway listed for the day. */
  checked: integer("checked").notNull().default(0),
  /** Of those, credited only now (a webhook had been missed), and their total in kobo. */
  credited: integer("credited").notNull().default(0),
  creditedAmount: bigint("credited_amount", { mode: "number" }).notNull().default(0),
  /** References the gateway listed that match no funding and no dedicated account; staff look at these. */
  unmatched: jsonb("unmatched").$type<string[]>().notNull().default([]),
  error: text("error"),
  ranBy: uuid("ran_by").references(() => users.id),
});

/**
 * A bulk purchase: up to 500 airtime or data purchases started at once (services/bulk/). Its rows are
 * ordinary purchases, placed one by one by the background worker; the batch is the customer's (or,
 * with `api_key_id`, a program's) request, answered again for the same `request_id`.
 */
export const bulkBatches = pgTable(
  "bulk_batches",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** The key a program started it with; its rows are that key's purchases (webhooks, daily cap). */
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id),
    kind: text("kind", { enum: ["airtime", "data"] }).notNull(),
    requestId: uuid("request_id").notNull(),
    /** SHA-256 of the kind and rows, to tell a retry from a different batch under the same request id. */
    requestHash: text("request_hash").notNull(),
    rowCount: integer("row_count").notNull(),
    /** What the rows cost when it started, at the customer's level. */
    total: bigint("total", { mode: "number" }).notNull(),
    createdAt: at("created_at").notNull(),
    /** Set once every row has its purchase, or was refused when placed. */
    finishedAt: at("finished_at"),
  },
  (t) => [
    uniqueIndex("bulk_batches_request_key").on(t.userId, t.requestId),
    index("bulk_batches_user_idx").on(t.userId, t.createdAt),
    check("bulk_batches_kind_check", sql`${t.kind} in ('airtime', 'data')`),
  ],
);

/**
 * One row of a batch: the order as sent, what the preview priced it at, and once placed its purchase
 * (whose status is the row's) or why it was refused. A row is claimed by an instance under a lease
 * (`claimed_by`, `lease_until`); a lease run out is taken over, and the row's request id
 * (services/bulk/bulkRequestIds.ts) makes a second placing answer the first purchase.
 */
export const bulkRows = pgTable(
  "bulk_rows",
  {
    batchId: uuid("batch_id")
      .notNull()
      .references(() => bulkBatches.id),
    /** The row's number, from 1, as the customer's list numbers it. */
    row: integer("row").notNull(),
    order: jsonb("order").notNull(),
    recipient: text("recipient").notNull(),
    description: text("description").notNull(),
    price: bigint("price", { mode: "number" }).notNull(),
    requestId: uuid("request_id").notNull(),
    transactionId: uuid("transaction_id").references(() => transactions.id),
    refusal: text("refusal"),
    claimedBy: integer("claimed_by"),
    leaseUntil: at("lease_until"),
    attempts: integer("attempts").notNull().default(0),
    placedAt: at("placed_at"),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.row] }),
    index("bulk_rows_queued_idx").on(t.leaseUntil).where(sql`${t.placedAt} is null`),
    index("bulk_rows_transaction_idx").on(t.transactionId),
  ],
);

/**
 * A customer's saved recipient (services/beneficiaries/): a phone on a network, a smartcard of a TV
 * provider or a meter of a disco, with the name the provider gave at its last verification. Exactly
 * the kind's own target is set; one number is saved once per target.
 */
export const beneficiaries = pgTable(
  "beneficiaries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    nickname: text("nickname").notNull(),
    kind: text("kind", { enum: ["phone", "smartcard", "meter"] }).notNull(),
    number: text("number").notNull(),
    networkId: smallint("network_id").references(() => networks.id),
    providerId: smallint("provider_id").references(() => tvProviders.id),
    discoId: smallint("disco_id").references(() => discos.id),
    meterType: text("meter_type", { enum: ["prepaid", "postpaid"] }),
    verifiedName: text("verified_name"),
    verifiedAt: at("verified_at"),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("beneficiaries_target_key").on(
      t.userId,
      t.kind,
      t.number,
      sql`coalesce(${t.networkId}, ${t.providerId}, ${t.discoId})`,
    ),
    check(
      "beneficiaries_target_check",
      sql`(${t.kind} = 'phone' and ${t.networkId} is not null and ${t.providerId} is null and ${t.discoId} is null and ${t.meterType} is null)
        or (${t.kind} = 'smartcard' and ${t.providerId} is not null and ${t.networkId} is null and ${t.discoId} is null and ${t.meterType} is null)
        or (${t.kind} = 'meter' and ${t.discoId} is not null and ${t.meterType} is not null and ${t.networkId} is null and ${t.providerId} is null)`,
    ),
  ],
);

/**
 * Text messages (SMS) waiting for, or sent through, the SMS gateway (services/sms/smsOutbox.ts). A
 * row is written in the transaction of what it announces; a sender claims it under a lease
 * (`next_attempt_at` moved on). A token or a code is sealed at rest and the text is emptied once the
 * gateway has taken it. Termii's delivery reports keep the last status it gave (`status`, as
 * reported; `outcome`, what it means).
 */
export const smsMessages = pgTable(
  "sms_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id),
    transactionId: uuid("transaction_id").references(() => transactions.id),
    /** Why it is sent (token, outcome, identity_code, dispute…), for the operator and the receipt. */
    purpose: text("purpose").notNull(),
    /** The number in international form, 234…, as the gateway wants it. */
    recipient: text("recipient").notNull(),
    message: text("message"),
    sealed: boolean("sealed").notNull(),
    createdAt: at("created_at").notNull(),
    nextAttemptAt: at("next_attempt_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** When the gateway took it (its answer said ok), and the id it gave. */
    sentAt: at("sent_at"),
    providerMessageId: text("provider_message_id"),
    gaveUpAt: at("gave_up_at"),
    lastError: text("last_error"),
    /** The last delivery report: its status as Termii wrote it, what that means, and when it came. */
    status: text("status"),
    outcome: text("outcome"),
    statusAt: at("status_at"),
  },
  (t) => [
    index("sms_messages_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.gaveUpAt} is null`),
    uniqueIndex("sms_messages_provider_id_key")
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    index("sms_messages_transaction_idx").on(t.transactionId, t.createdAt),
    index("sms_messages_created_idx").on(t.createdAt),
  ],
);

/**
 * A scheduled purchase (services/schedules/): airtime or data on a calendar, or a TV bouquet renewed
 * `days_before` its smartcard's due date. The PIN was checked when it was made and authorises its
 * runs. `next_run_at` is the period due next, counted from the calendar; an instance claims a due
 * schedule under a lease (`claimed_by`, `lease_until`) to place that period's purchase.
 */
export const schedules = pgTable(
  "schedules",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: ["airtime", "data", "tv_renewal"] }).notNull(),
    /** The purchase's fields as its own schema takes them (a renewal's provider, smartcard, bouquet, phone). */
    order: jsonb("order").notNull(),
    every: text("every", { enum: ["day", "week", "month"] }),
    /** Lagos wall time, "HH:MM". */
    at: text("at").notNull(),
    /** The weekday (1 Monday … 7) for `week`, the month's day for `month`. */
    day: integer("day"),
    daysBefore: integer("days_before"),
    /** A renewal's smartcard as last verified: the holder's name and the due date ("YYYY-MM-DD"). */
    verifiedName: text("verified_name"),
    dueDate: text("due_date"),
    description: text("description").notNull(),
    status: text("status", { enum: ["active", "paused", "deleted"] }).notNull(),
    /** Why it is paused, when the schedule paused itself (three skips in a row). */
    pausedReason: text("paused_reason"),
    skipsInRow: integer("skips_in_row").notNull().default(0),
    nextRunAt: at("next_run_at").notNull(),
    claimedBy: integer("claimed_by"),
    leaseUntil: at("lease_until"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    index("schedules_user_idx").on(t.userId, t.createdAt),
    index("schedules_due_idx").on(t.nextRunAt).where(sql`${t.status} = 'active'`),
    check("schedules_kind_check", sql`${t.kind} in ('airtime', 'data', 'tv_renewal')`),
    check("schedules_status_check", sql`${t.status} in ('active', 'paused', 'deleted')`),
  ],
);

/**
 * "Resend token" asked per purchase and Lagos day: reserved by one upsert that refuses past the
 * day's allowance, so parallel requests cannot slip past it (services/sms/tokenResends.ts).
 */
export const smsResends = pgTable(
  "sms_resends",
  {
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id),
    day: date("day", { mode: "string" }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.transactionId, t.day] })],
);

/**
 * A customer's "Report a problem" on a purchase (services/disputes/): kept apart from the purchase,
 * whose status only settlement and refunds move. At most one open per purchase (the partial unique
 * index); the provider's answer to the requery made on opening is kept with it.
 */
export const disputes = pgTable(
  "disputes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    reason: text("reason", { enum: disputeReasons }).notNull(),
    details: text("details").notNull(),
    status: text("status", { enum: disputeStatuses }).notNull(),
    openedAt: at("opened_at").notNull(),
    /** Opened plus 72 hours: staff answer by then. */
    deadline: at("deadline").notNull(),
    requeryStatus: text("requery_status"),
    requeryMessage: text("requery_message"),
    requeriedAt: at("requeried_at"),
    resolvedAt: at("resolved_at"),
    resolvedBy: uuid("resolved_by").references(() => users.id),
    note: text("note"),
    /** The purchase a redelivery made, at the business's cost. */
    redeliveryId: uuid("redelivery_id").references(() => transactions.id),
  },
  (t) => [
    uniqueIndex("disputes_one_open_key").on(t.transactionId).where(sql`${t.status} = 'open'`),
    index("disputes_queue_idx").on(t.status, t.openedAt),
    index("disputes_transaction_idx").on(t.transactionId),
    check("disputes_reason_check", sql`${t.reason} in ${inList(disputeReasons)}`),
    check("disputes_status_check", sql`${t.status} in ${inList(disputeStatuses)}`),
  ],
);

/**
 * One period of a schedule, once: its purchase (whose status is the run's, a pending one included)
 * or why it was skipped. The period's request id (scheduleRequestIds.ts) makes a second placing of
 * the same period answer the first purchase.
 */
export const scheduleRuns = pgTable(
  "schedule_runs",
  {
    scheduleId: uuid("schedule_id")
      .notNull()
      .references(() => schedules.id),
    period: at("period").notNull(),
    requestId: uuid("request_id").notNull(),
    transactionId: uuid("transaction_id").references(() => transactions.id),
    skipped: text("skipped"),
    ranAt: at("ran_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.period] }),
    index("schedule_runs_transaction_idx").on(t.transactionId),
  ],
);

/**
 * A check the registry matched, waiting for what proves the number is the customer's own and not
 * only known to them (issue 38, item 4): a 6-digit code sent by SMS to the phone the registry holds
 * (`way` code), or staff (`way` review, `reason` says why). The tier is raised only from here
 * (services/kyc/identityConfirmations.ts); the check it confirms names the number and the record.
 */
export const identityConfirmations = pgTable(
  "identity_confirmations",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    checkId: uuid("check_id")
      .notNull()
      .references(() => identityChecks.id),
    way: text("way", { enum: ["code", "review"] }).notNull(),
    /** Why staff review it: the record holds no phone, or SMS is not configured. Null for a code. */
    reason: text("reason", { enum: ["no_registry_phone", "registry_phone_no_sms"] }),
    /** The record's phone (`080…`), the only place a code goes; kept for a resend. */
    phone: text("phone"),
    /** HMAC of the live code under a key from TOTP_KEY (services/kyc/identityCodes.ts): never the code. */
    codeHash: text("code_hash"),
    codeSentAt: at("code_sent_at"),
    codeExpiresAt: at("code_expires_at"),
    /** pending, then approved (the code, or staff), rejected (staff) or ended (five wrong codes, a newer check). */
    status: text("status", { enum: ["pending", "approved", "rejected", "ended"] })
      .notNull()
      .default("pending"),
    ...reviewed(),
  },
  (t) => [
    uniqueIndex("identity_confirmations_one_pending_key").on(t.userId).where(sql`${t.status} = 'pending'`),
    index("identity_confirmations_queue_idx").on(t.way, t.status, t.createdAt),
    check(
      "identity_confirmations_status_check",
      sql`${t.status} in ('pending', 'approved', 'rejected', 'ended')`,
    ),
    check("identity_confirmations_way_check", sql`${t.way} in ('code', 'review')`),
  ],
);

/** Which purchases' outcomes a customer is told by SMS; no row is the default, electricity only. */
export const smsPreferences = pgTable(
  "sms_preferences",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id),
    outcomes: text("outcomes").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [check("sms_preferences_outcomes_check", sql`${t.outcomes} in ('off', 'electricity', 'all')`)],
);

/**
 * Whether this deployment sends SMS, written by each instance as it starts (services/sms/smsSwitch.ts):
 * the settlement trigger (db/functions/purchase_sms.sql) queues a purchase's SMS only while it is on.
 */
export const smsSwitch = pgTable(
  "sms_switch",
  {
    id: smallint("id").primaryKey().default(1),
    on: boolean("on").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [check("sms_switch_one_row", sql`${t.id} = 1`)],
);
