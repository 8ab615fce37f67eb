/**
 * The keys the simulators accept, and the adapters use while the simulators are on. They are
 * development values: with the simulators off the app refuses to start with any of them.
 */
export const simulatorKeys = {
  vtpass: {
    apiKey: "sim-vtpass-api-key-not-for-production",
    publicKey: "PK_sim_vtpass_not_for_production",
    secretKey: "SK_sim_vtpass_not_for_production",
  },
  paystack: { secretKey: "sk_test_simulator_not_for_production" },
  didit: { apiKey: "sim-didit-api-key-not-for-production" },
  msorg: { token: "sim-msorg-token-not-for-production" },
  termii: {
    apiKey: "sim-termii-api-key-not-for-production",
    webhookSecret: "sim-termii-webhook-secret-not-for-production",
  },
} as const;

const developmentValues: readonly string[] = [
  ...Object.values(simulatorKeys.vtpass),
  simulatorKeys.paystack.secretKey,
  simulatorKeys.didit.apiKey,
  simulatorKeys.msorg.token,
  ...Object.values(simulatorKeys.termii),
];

export function isSimulatorKey(value: string): boolean {
  return developmentValues.includes(value);
}
