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

  // Each page's heading before its data arrives (the fake API answers nothing), so this checks the
  // routing alone: every path of adminNav opens its own page, for the roles adminNav names.
  const opened = (path: string) => `/admin${path.replace(":id", "42")}`;

  it.each(adminPages.map((page) => [page.path, page] as const))(
    "opens %s for an admin",
    async (_path, page) => {
      await renderSignedIn(opened(page.path), adminProfile);
      await heading(page.title);
    },
  );

  it.each(adminPages.map((page) => [page.path, page] as const))(
    "opens %s for staff only if theirs",
    async (_path, page) => {
      await renderSignedIn(opened(page.path), staffProfile);
      await heading((page.roles as readonly string[]).includes("staff") ? page.title : "Not for your role");
    },
  );

  it("titles the all-kinds list as spec section 2 says", async () => {
    await renderSignedIn("/admin/transactions", adminProfile);
    await heading("Transactions History");
  });

  it("answers an unknown console path with not-found", async () => {
    await renderSignedIn("/admin/manage-databundle/5", adminProfile);
    await heading("Page not found");
  });

  it("tells staff an admin-only page is not for them", async () => {
    await renderSignedIn("/admin/manage-users", staffProfile);
    await heading("Not for your role");
  });
});
