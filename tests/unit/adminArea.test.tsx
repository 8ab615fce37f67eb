import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { adminPages } from "../../src/pages/admin/adminNav";
import { customerProfile, staffProfile } from "../support/fixtures";
import { heading, renderSignedIn } from "../support/signedIn";

afterEach(cleanup);
const adminProfile = { ...staffProfile, role: "admin" as const, first_name: "Bisi" };

describe("the admin area", () => {
  it("sends someone with no session to /admin/login", async () => {
    const app = await renderSignedIn("/admin/dashboard", null);
    await waitFor(() => expect(app.location.history.at(-1)).toBe("/admin/login"));
  });

  it("refuses a customer's session", async () => {
    const app = await renderSignedIn("/admin/manage-users", customerProfile);
    await heading("Dashboard");
    expect(app.location.history.at(-1)).toBe("/app/dashboard");
  });

  it("opens the dashboard from /admin", async () => {
    const app = await renderSignedIn("/admin", adminProfile);
    await heading("Dashboard");
    expect(app.location.history.at(-1)).toBe("/admin/dashboard");
  });

  it("shows staff the staff items and admins everything", async () => {
    await renderSignedIn("/admin/dashboard", staffProfile);
    const staffNav = await screen.findByRole("navigation", { name: "Admin menu" });
    const staffLinks = within(staffNav)
      .getAllByRole("link")
      .map((a) => a.getAttribute("href"));
    expect(staffLinks).toContain("/admin/manage-airtime");
    expect(staffLinks).toContain("/admin/manage-databundle/4");
    expect(staffLinks).not.toContain("/admin/manage-users");
    expect(staffLinks).not.toContain("/admin/revenue");
    cleanup();

    await renderSignedIn("/admin/dashboard", adminProfile);
    const adminNav = await screen.findByRole("navigation", { name: "Admin menu" });
    const adminLinks = within(adminNav)
      .getAllByRole("link")
      .map((a) => a.getAttribute("href"));
    const listed = adminPages.filter((p) => p.inNav).map((p) => `/admin${p.path}`);
    expect(adminLinks).toEqual(listed);
    expect(adminLinks).toEqual(
      expect.arrayContaining(["/admin/referrals", "/admin/notify/all", "/admin/notify/circular"]),
    );
  });

  it("has every admin route of the spec, each with its title", async () => {
    for (const path of [
      "/admin/transactions",
      "/admin/manage-users/42",
      "/admin/manage-tv/2",
      "/admin/manage-databundle/3",
      "/admin/notify/circular",
    ]) {
      await renderSignedIn(path, adminProfile);
      const page = adminPages.find((p) => new RegExp(`^/admin${p.path.replace(/:id/, "[^/]+")}$`).test(path));
      await heading(page?.title ?? "?");
      cleanup();
    }
    await renderSignedIn("/admin/transactions", adminProfile);
    await heading("Transactions History");
  });

  it("tells staff an admin-only page is not for them", async () => {
    await renderSignedIn("/admin/manage-users", staffProfile);
    await heading("Not for your role");
  });
});
