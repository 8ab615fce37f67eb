import type { Config } from "./config";
import type { PaymentGateway } from "./gateways/gateway";
import { createSandboxGateway, type SandboxGateway } from "./gateways/sandboxGateway";
import type { Provider } from "./providers/provider";
import { createSandboxProvider } from "./providers/sandboxProvider";

/** The provider and gateway the configuration names. Only the sandboxes exist so far (README). */
export function createIntegrations(config: Config): { provider: Provider; gateway: PaymentGateway } {
  return {
    provider: createSandboxProvider({ latencyMs: config.sandboxLatencyMs }),
    gateway: createSandboxGateway({ secret: config.sandboxGatewaySecret, publicUrl: config.publicUrl }),
  };
}

export function isSandboxGateway(gateway: PaymentGateway): gateway is SandboxGateway {
  return gateway.name === "sandbox" && "eventFor" in gateway;
}
