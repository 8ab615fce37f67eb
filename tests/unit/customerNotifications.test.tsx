import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { page } from "../../schemas/common";
import { type Notification, notification } from "../../schemas/notices";
import type { CustomerApi } from "../../src/api/customerApi";
import NotificationsPage from "../../src/pages/customer/NotificationsPage";
import { fakeCustomer, renderApp } from "../support/renderApp";

afterEach(cleanup);

const inboxPage = page(notification);
const inbox = (results: Notification[]) =>
  inboxPage.parse({ count: results.length, page: 1, page_size: 20, results });

const older = notification.parse({
  id: "44444444-4444-4444-8444-444444444444",
  title: "Happy new year",
  body: "From all of us at OjaPay.",
  created_at: "2026-01-01T08:00:00.000Z",
});
const newer = notification.parse({
  id: "55555555-5555-4555-8555-555555555555",
  title: "Service update",
  body: "Airtime is back.\nThank you for waiting.",
  created_at: "2026-01-05T10:00:00.000Z",
});

function openInbox(notifications: CustomerApi["notifications"]) {
  return renderApp({
    path: "/x/notifications",
    customer: fakeCustomer({ notifications }),
    children: (
      <Route path="/x" nest>
        <NotificationsPage />
      </Route>
    ),
  });
}

describe("the customer's notifications", () => {
  it("lists them newest first with title, message and date", async () => {
    openInbox(vi.fn(async () => inbox([older, newer])));
    expect(screen.getByRole("heading", { level: 1, name: "Notifications" })).toBeInTheDocument();
    expect(document.title).toBe("Notifications · OjaPay");
    expect(screen.getByRole("status")).toHaveTextContent("Loading…");

    const items = await screen.findAllByRole("article");
    expect(items.map((item) => within(item).getByRole("heading").textContent)).toEqual([
      "Service update",
      "Happy new year",
    ]);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByText(/Airtime is back/).textContent).toBe(
      "Airtime is back.\nThank you for waiting.",
    );
    expect(first).toHaveTextContent("Jan 5, 2026");
    expect(second).toHaveTextContent("From all of us at OjaPay.");
    expect(second).toHaveTextContent("Jan 1, 2026");
  });

  it("says when there are none yet", async () => {
    openInbox(vi.fn(async () => inbox([])));
    expect(await screen.findByText("No notifications yet.")).toBeInTheDocument();
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
  });

  it("says when they cannot load, and tries again", async () => {
    const user = userEvent.setup();
    const notifications = vi
      .fn<CustomerApi["notifications"]>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce(inbox([older]));
    openInbox(notifications);
    expect(await screen.findByText("We could not load your notifications.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Happy new year" })).toBeInTheDocument();
  });
});
