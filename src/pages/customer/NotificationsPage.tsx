import { useCallback, useEffect } from "react";
import type { Notification } from "../../../schemas/notices";
import { useCustomerServices } from "../../app/AppServices";
import { useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { formatDate } from "../../format/formatDate";
import { useMarkNoticesRead } from "./unreadNotices";
import "./notifications.css";
import "./wallet.css";

/**
 * One notification as a customer reads it. The admin's Send page previews with this very component,
 * so what the admin sees before sending is what lands in the inbox.
 */
export function NotificationItem({
  notification,
  heading: Heading = "h2",
}: {
  notification: Pick<Notification, "title" | "body" | "created_at">;
  heading?: "h2" | "h3";
}) {
  return (
    <article className="card inbox-item">
      <Heading className="inbox-title">{notification.title}</Heading>
      <p className="inbox-body">{notification.body}</p>
      <time className="muted" dateTime={notification.created_at}>
        {formatDate(notification.created_at)}
      </time>
    </article>
  );
}

/** Newest first whatever order they arrive in (times may carry any offset, so compare instants). */
const newestFirst = (a: Notification, b: Notification) => Date.parse(b.created_at) - Date.parse(a.created_at);

export default function NotificationsPage() {
  const { customer } = useCustomerServices();
  const inbox = useLoad(useCallback(() => customer.notifications(), [customer]));
  const markRead = useMarkNoticesRead();
  // Shown, so seen: every notice up to the newest on the page is read, and the bell says what is left.
  const newest =
    inbox.state === "ready" ? [...inbox.data.results].sort(newestFirst)[0]?.created_at : undefined;
  useEffect(() => {
    if (newest) markRead(newest).catch(() => {});
  }, [newest, markRead]);

  usePageTitle("Notifications");

  return (
    <div className="wallet-page notifications">
      <h1>Notifications</h1>
      {inbox.state === "loading" && (
        <p role="status" className="muted">
          Loading…
        </p>
      )}
      {inbox.state === "failed" && (
        <div className="card load-failed">
          <p>We could not load your notifications.</p>
          <button type="button" className="button" onClick={inbox.retry}>
            Try again
          </button>
        </div>
      )}
      {inbox.state === "ready" && inbox.data.results.length === 0 && (
        <div className="card empty-state">
          <p>No notifications yet.</p>
        </div>
      )}
      {inbox.state === "ready" && inbox.data.results.length > 0 && (
        <ul className="inbox">
          {[...inbox.data.results].sort(newestFirst).map((notification) => (
            <li key={notification.id}>
              <NotificationItem notification={notification} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
