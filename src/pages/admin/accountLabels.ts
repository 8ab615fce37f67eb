import type { Role } from "../../../schemas/common";
import type { LevelSlug } from "../../../schemas/levelSlugs";

export const roleLabels: Record<Role, string> = { customer: "Customer", staff: "Staff", admin: "Admin" };

/** A level's fixed name, where the admin's own names are not loaded (or until they are). */
export const levelLabel = (slug: LevelSlug) =>
  ({ customer: "Customer", agent: "Agent", reseller: "Reseller", api: "API" })[slug];

export const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();
