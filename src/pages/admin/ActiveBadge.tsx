/** Active or Inactive, in words (colour alone would not tell everyone). */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span className={`state-badge ${active ? "state-on" : "state-off"}`}>
      {active ? "Active" : "Inactive"}
    </span>
  );
}
