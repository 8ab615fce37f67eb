import type { Role } from "../../../schemas/common";

export const roleLabels: Record<Role, string> = { customer: "Customer", staff: "Staff", admin: "Admin" };

/** Active or Inactive, in words (colour alone would not tell everyone). */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span className={`state-badge ${active ? "state-on" : "state-off"}`}>
      {active ? "Active" : "Inactive"}
    </span>
  );
}

export const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();
