import type { Page } from "playwright-core";
import type { Person } from "./customerFlows";

/** The admin's invitation of `colleague` as staff, filled in on Manage users and sent. */
export async function sendStaffInvitation(adminPage: Page, base: string, colleague: Person) {
  await adminPage.goto(`${base}/admin/manage-users`);
  await adminPage.getByRole("button", { name: "Invite staff" }).click();
  const invite = adminPage.getByRole("region", { name: "Invite staff" });
  await invite.getByLabel("First name").fill(colleague.first);
  await invite.getByLabel("Last name").fill(colleague.last);
  await invite.getByLabel("Email").fill(colleague.email);
  await invite.getByLabel("Phone").fill("08051234567");
  await invite.getByLabel("Role").selectOption({ label: "Staff" });
  await invite.getByRole("button", { name: "Send invitation" }).click();
}
