import type { Notification } from "../../schemas/notices";
import { formatDate } from "../format/formatDate";
import "./notifications.css";

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
