import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { adminCircular, sentNotification } from "../../schemas/admin";
import { page } from "../../schemas/common";
import { notification } from "../../schemas/notices";
import type { AdminApi } from "../../src/api/adminApi";
import { ApiFailure } from "../../src/api/client";
import NotifyPage from "../../src/pages/admin/NotifyPage";
import { fakeAdmin, renderApp } from "../support/renderApp";

afterEach(cleanup);

const notificationPage = page(notification);
const earlier = notification.parse({
  id: "44444444-4444-4444-8444-444444444444",
  title: "Happy new year",
  body: "From all of us at OjaPay.",
  created_at: "2026-01-01T08:00:00.000Z",
});
const sent = (results = [earlier]) =>
  notificationPage.parse({ count: results.length, page: 1, page_size: 20, results });

function openNotify(kind: "all" | "circular", admin: Partial<AdminApi>) {
  return renderApp({
    path: `/x/notify/${kind}`,
    admin: fakeAdmin(admin),
    children: (
      <Route path="/x" nest>
        <NotifyPage kind={kind} />
      </Route>
    ),
  });
}

const preview = () => screen.getByRole("region", { name: "Preview" });

describe("sending a notification to every customer", () => {
  it("explains what is wrong before anything is sent", async () => {
    const user = userEvent.setup();
    const sendNotification = vi.fn();
    openNotify("all", { notifications: vi.fn(async () => sent()), sendNotification });
    expect(screen.getByRole("heading", { level: 1, name: "Send notification" })).toBeInTheDocument();
    expect(document.title).toBe("Send notification · OjaPay");

    await user.click(screen.getByRole("button", { name: "Send to all customers" }));
    expect(await screen.findByText("Title must be at least 3 characters.")).toBeInTheDocument();
    expect(await screen.findByText("Message must be at least 3 characters.")).toBeInTheDocument();
    expect(screen.getByLabelText("Title")).toHaveAccessibleDescription(
      "Title must be at least 3 characters.",
    );
    expect(screen.getByLabelText("Message")).toHaveAccessibleDescription(
      "Up to 1,000 characters. Line breaks are kept. Message must be at least 3 characters.",
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(sendNotification).not.toHaveBeenCalled();

    // Spaces do not count towards the minimum: the server trims them too.
    await user.type(screen.getByLabelText("Title"), "  Hi  ");
    expect(await screen.findByText("Title must be at least 3 characters.")).toBeInTheDocument();
  });

  it("previews exactly what customers will read, as it is typed", async () => {
    const user = userEvent.setup();
    openNotify("all", { notifications: vi.fn(async () => sent()) });
    expect(preview()).toHaveTextContent("The preview appears as you type.");

    await user.type(screen.getByLabelText("Title"), "  Service update ");
    await user.type(screen.getByLabelText("Message"), "Airtime is back.{Enter}Thank you for waiting.");
    const card = within(preview());
    expect(card.getByRole("heading", { level: 3 })).toHaveTextContent(/^Service update$/);
    expect(card.getByText(/Airtime is back/).textContent).toBe("Airtime is back.\nThank you for waiting.");
    expect(preview()).not.toHaveTextContent("The preview appears as you type.");
  });

  it("asks first, then sends the trimmed message, says how many got it and clears the form", async () => {
    const user = userEvent.setup();
    const notifications = vi.fn(async () => sent());
    const sendNotification = vi.fn(async (body: { title: string; body: string }) =>
      sentNotification.parse({
        id: "55555555-5555-4555-8555-555555555555",
        ...body,
        created_at: "2026-01-05T10:00:00.000Z",
        recipients: 1_234,
      }),
    );
    openNotify("all", { notifications, sendNotification });
    expect(await screen.findByText("Happy new year")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Title"), " Service update ");
    await user.type(screen.getByLabelText("Message"), "Airtime is back. ");
    await user.click(screen.getByRole("button", { name: "Send to all customers" }));

    const dialog = await screen.findByRole("dialog", { name: "Send this to every customer?" });
    expect(dialog).toHaveTextContent("“Service update” goes to every customer’s notifications");
    expect(sendNotification).not.toHaveBeenCalled();

    // Cancel sends nothing and keeps the text.
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(sendNotification).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Title")).toHaveValue(" Service update ");

    await user.click(screen.getByRole("button", { name: "Send to all customers" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Send" }));
    expect(sendNotification).toHaveBeenCalledTimes(1);
    expect(sendNotification).toHaveBeenCalledWith({ title: "Service update", body: "Airtime is back." });
    expect(await screen.findByText("Sent to 1,234 customers.")).toHaveAttribute("role", "status");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Title")).toHaveValue("");
    expect(screen.getByLabelText("Message")).toHaveValue("");
    // The list below is read again, so the new one shows.
    await waitFor(() => expect(notifications).toHaveBeenCalledTimes(2));
  });

  it("keeps the question open after a failure, saying why, and sends the same text again on Try again", async () => {
    const user = userEvent.setup();
    const sendNotification = vi
      .fn<AdminApi["sendNotification"]>()
      .mockRejectedValueOnce(new ApiFailure(503, "Notifications are paused for maintenance."))
      .mockImplementation(async (body) =>
        sentNotification.parse({
          id: "55555555-5555-4555-8555-555555555555",
          ...body,
          created_at: "2026-01-05T10:00:00.000Z",
          recipients: 1,
        }),
      );
    openNotify("all", { notifications: vi.fn(async () => sent()), sendNotification });
    await user.type(screen.getByLabelText("Title"), "Service update");
    await user.type(screen.getByLabelText("Message"), "Airtime is back.");
    await user.click(screen.getByRole("button", { name: "Send to all customers" }));
    const dialog = await screen.findByRole("dialog", { name: "Send this to every customer?" });
    await user.click(within(dialog).getByRole("button", { name: "Send" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Notifications are paused for maintenance.",
    );
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    await user.click(within(dialog).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Sent to 1 customer.")).toHaveAttribute("role", "status");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(sendNotification.mock.calls).toEqual([
      [{ title: "Service update", body: "Airtime is back." }],
      [{ title: "Service update", body: "Airtime is back." }],
    ]);
  });

  it("lists what was sent before", async () => {
    openNotify("all", { notifications: vi.fn(async () => sent()) });
    const list = await screen.findByRole("region", { name: "Sent notifications" });
    expect(await within(list).findByText("Happy new year")).toBeInTheDocument();
    expect(list).toHaveTextContent("From all of us at OjaPay.");
    expect(list).toHaveTextContent("Jan 1, 2026, 9:00 AM");
  });
});

describe("publishing a circular", () => {
  const current = adminCircular.parse({
    id: "66666666-6666-4666-8666-666666666666",
    title: "Maintenance tonight",
    body: "Electricity may be slow.",
    starts_at: "2026-01-05T08:00:00.000Z",
    ends_at: "2099-01-06T08:00:00.000Z",
    current: true,
  });
  const ended = adminCircular.parse({
    ...current,
    id: "77777777-7777-4777-8777-777777777777",
    title: "Christmas hours",
    starts_at: "2025-12-20T08:00:00.000Z",
    ends_at: "2025-12-27T08:00:00.000Z",
    current: false,
  });

  async function fill(user: ReturnType<typeof userEvent.setup>, from: string, until: string) {
    await user.type(screen.getByLabelText("Title"), "Maintenance tonight");
    await user.type(screen.getByLabelText("Message"), "Electricity may be slow.");
    // jsdom cannot type into datetime-local inputs; set them as the browser's picker would.
    fireEvent.change(screen.getByLabelText("Shows from"), { target: { value: from } });
    fireEvent.change(screen.getByLabelText("Shows until"), { target: { value: until } });
  }

  it("needs both times, and an end after the start, said under Shows until", async () => {
    const user = userEvent.setup();
    const createCircular = vi.fn();
    openNotify("circular", { circulars: vi.fn(async () => []), createCircular });
    expect(screen.getByRole("heading", { level: 1, name: "Circular" })).toBeInTheDocument();
    expect(document.title).toBe("Circular · OjaPay");

    await user.click(screen.getByRole("button", { name: "Publish circular" }));
    expect(await screen.findByText("Shows from is required.")).toBeInTheDocument();
    expect(screen.getByText("Shows until is required.")).toBeInTheDocument();

    await fill(user, "2026-01-06T10:00", "2026-01-05T10:00");
    await user.click(screen.getByRole("button", { name: "Publish circular" }));
    const message = "A circular must end after it starts.";
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText("Shows until")).toHaveAccessibleDescription(
      `Your device's time. ${message}`,
    );
    expect(screen.getByLabelText("Shows from")).toHaveAccessibleDescription("Your device's time.");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(createCircular).not.toHaveBeenCalled();
  });

  it("previews the dashboard notice, asks first, then publishes the times as instants", async () => {
    const user = userEvent.setup();
    const circulars = vi.fn(async () => [ended]);
    const createCircular = vi.fn(async () => current);
    openNotify("circular", { circulars, createCircular });
    expect(await screen.findByText("Christmas hours")).toBeInTheDocument();

    await fill(user, "2026-01-05T09:00", "2026-01-06T09:00");
    expect(within(preview()).getByText("Notices")).toBeInTheDocument();
    expect(
      within(preview()).getByRole("heading", { level: 3, name: "Maintenance tonight" }),
    ).toBeInTheDocument();
    expect(preview()).toHaveTextContent("Electricity may be slow.");

    await user.click(screen.getByRole("button", { name: "Publish circular" }));
    const dialog = await screen.findByRole("dialog", { name: "Publish this circular?" });
    await user.click(within(dialog).getByRole("button", { name: "Publish" }));

    expect(createCircular).toHaveBeenCalledWith({
      title: "Maintenance tonight",
      body: "Electricity may be slow.",
      starts_at: new Date("2026-01-05T09:00").toISOString(),
      ends_at: new Date("2026-01-06T09:00").toISOString(),
    });
    expect(await screen.findByText("Circular published.")).toBeInTheDocument();
    expect(screen.getByLabelText("Title")).toHaveValue("");
    expect(screen.getByLabelText("Shows from")).toHaveValue("");
    await waitFor(() => expect(circulars).toHaveBeenCalledTimes(2));
  });

  it("marks the circular showing now", async () => {
    openNotify("circular", { circulars: vi.fn(async () => [current, ended]) });
    const list = await screen.findByRole("region", { name: "Circulars" });
    const [first, second] = await within(list).findAllByRole("listitem");
    expect(first).toHaveTextContent("Maintenance tonight");
    expect(within(first as HTMLElement).getByText("Showing now")).toBeInTheDocument();
    expect(second).toHaveTextContent("Christmas hours");
    expect(within(second as HTMLElement).queryByText("Showing now")).not.toBeInTheDocument();
    expect(within(second as HTMLElement).getByText("Ended")).toBeInTheDocument();
  });
});
