/**
 * Settings of a deployment with real money, simulators off: what the config refuses a simulated
 * value in. Values are made up; each test adds or breaks the one it is about.
 */
export const liveSettings = {
  SIMULATORS: "off",
  PUBLIC_URL: "https://pay.example.com",
  VTPASS_BASE_URL: "https://vtpass.com/api/",
  VTPASS_API_KEY: "real-vtpass-api-key",
  VTPASS_PUBLIC_KEY: "PK_real_vtpass_key",
  VTPASS_SECRET_KEY: "SK_real_vtpass_key",
  PAYSTACK_SECRET_KEY: "sk_live_realkey12345",
  TOTP_KEY: "ab".repeat(32),
  VOUCHER_KEY: "cd".repeat(32),
  PIN_KEYS: `k1:${"ef".repeat(32)}`,
};

/** Termii's settings, as its dashboard gives them. */
export const liveTermiiSettings = {
  SMS_PROVIDER: "termii",
  TERMII_BASE_URL: "https://v3.api.termii.com/",
  TERMII_API_KEY: "live-termii-key-123",
  TERMII_SENDER_ID: "OjaPay",
  TERMII_WEBHOOK_SECRET: "a-secret-of-the-account",
};
