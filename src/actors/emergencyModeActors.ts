import { fromPromise } from "xstate";
import type { EmergencyReading } from "../../machines/emergencyModeMachine";
import type { EmergencyBody } from "../../schemas/admin";
import type { AdminApi } from "../api/adminApi";

const reading = ({ msg, data }: { msg: string; data: EmergencyReading["status"] }) => ({
  text: msg,
  status: data,
});

export function emergencyModeActors(admin: AdminApi) {
  return {
    loadStatus: fromPromise<EmergencyReading>(async () => reading(await admin.emergencyMode())),
    switchMode: fromPromise<EmergencyReading, EmergencyBody>(async ({ input }) =>
      reading(await admin.setEmergencyMode(input)),
    ),
  };
}
