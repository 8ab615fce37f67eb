import { afterEach, describe, expect, it, vi } from "vitest";
import { dashboardLoad, startDashboardLoads } from "../../src/pages/customer/dashboardLoads";
import { clientStore } from "../../src/storage/clientStore";
import { customerProfile, staffProfile } from "../support/fixtures";
import { fakeCustomer } from "../support/renderApp";
import { status, transactionsPage, wallet } from "../support/transactionFixtures";

afterEach(() => {
  localStorage.clear();
  // Whatever a test left started is taken, so the next starts clean.
  const customer = calls();
  dashboardLoad(customer, "main");
  dashboardLoad(customer, "circulars");
  dashboardLoad(customer, "status");
});

function calls() {
  return fakeCustomer({
    wallet: vi.fn(async () => wallet()),
    transactions: vi.fn(async () => transactionsPage([])),
    circulars: vi.fn(async () => []),
    status: vi.fn(async () => status()),
  });
}

function saveSession(token: string, profile = customerProfile) {
  clientStore.write("token", token);
  clientStore.write("userData", profile);
  clientStore.write("isAuth", true);
}

describe("the dashboard's requests started as the app opens", () => {
  it("start for a customer's saved session at the dashboard, and are taken once", async () => {
    saveSession("token-of-ngozi");
    const early = calls();
    startDashboardLoads(() => early, "/app/dashboard");
    expect(early.wallet).toHaveBeenCalledOnce();
    expect(early.circulars).toHaveBeenCalledOnce();
    expect(early.status).toHaveBeenCalledOnce();

    const page = calls();
    await expect(dashboardLoad(page, "main")).resolves.toEqual([wallet(), transactionsPage([])]);
    expect(page.wallet).not.toHaveBeenCalled();
    // A second draw (a retry) asks again.
    await dashboardLoad(page, "main");
    expect(page.wallet).toHaveBeenCalledOnce();
  });

  it("are never given to another session than the one they were sent with", async () => {
    saveSession("token-of-ngozi");
    const early = calls();
    startDashboardLoads(() => early, "/app/dashboard");
    saveSession("token-of-femi");
    const page = calls();
    await dashboardLoad(page, "main");
    expect(page.wallet).toHaveBeenCalledOnce();
    await dashboardLoad(page, "status");
    expect(page.status).toHaveBeenCalledOnce();
  });

  it("do not start elsewhere, without a saved session, or for staff", () => {
    const early = calls();
    saveSession("token-of-ngozi");
    startDashboardLoads(() => early, "/app/profile");
    localStorage.clear();
    startDashboardLoads(() => early, "/app/dashboard");
    saveSession("token-of-staff", staffProfile);
    startDashboardLoads(() => early, "/app/dashboard");
    expect(early.wallet).not.toHaveBeenCalled();
  });
});
