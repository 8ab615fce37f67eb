import { useCallback, useEffect } from "react";
import type { Notification } from "../../../schemas/notices";
import { useCustomerServices } from "../../app/AppServices";
import { useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { LoadFailed } from "../../components/LoadFailed";
import { NotificationItem } from "../../components/NotificationItem";
import { markNoticesRead } from "./unreadNotices";
import "./wallet.css";

/** Newest first whatever order they arrive in (times may carry any offset, so compare instants). */
const newestFirst = (a: Notification, b: Notification) => Date.parse(b.created_at) - Date.parse(a.created_at);

export default function NotificationsPage() {
  const { customer } = useCustomerServices();
  const inbox = useLoad(useCallback(() => customer.notifications(), [customer]));
  // Shown, so seen: every notice up to the newest on the page is read, and the bell says what is left.
  const newest =
    inbox.state === "ready" ? [...inbox.data.results].sort(newestFirst)[0]?.created_at : undefined;
  useEffect(() => {
    if (newest) markNoticesRead(customer, newest).catch(() => {});
  }, [customer, newest]);

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
        <LoadFailed card message="We could not load your notifications." retry={inbox.retry} />
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
