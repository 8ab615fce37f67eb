import { publicStatus } from "../status";
import { contracts } from "./contract";

export const statusContracts = contracts({
  "GET /status": {
    tag: "Public",
    summary: "Whether emergency mode is on, and the admin's message; no sign-in needed",
    result: publicStatus,
  },
});
