import { useEffect } from "react";
import { useLocation } from "wouter";
import { useCustomerServices } from "../../app/AppServices";
import { inboxPath } from "./customerNav";
import { unreadNotices, useUnreadNotices } from "./unreadNotices";
import "./unreadBadge.css";

/**
 * The count on the bell, inside its link: asked again on each page the customer opens (a broadcast
 * may come at any time), except the inbox, which marks what it shows read and says what is left.
 * Loaded after the page draws: no page waits for it. The number is the link's words too, so the bell
 * reads "Notifications (2 unread)".
 */
export default function UnreadBadge() {
  const { customer } = useCustomerServices();
  const [location] = useLocation();
  const count = useUnreadNotices();
  useEffect(() => {
    if (location === inboxPath) return;
    let live = true;
    customer
      .noticeReads()
      .then((reads) => reads.unread())
      .then(
        (answer) => live && unreadNotices.set(answer.unread),
        // A bell that cannot ask keeps what it showed; nothing here is worth an error.
        () => {},
      );
    return () => {
      live = false;
    };
  }, [customer, location]);
  // Signing out takes the bell away; the next customer on this browser starts from nothing.
  useEffect(() => () => unreadNotices.set(0), []);
  if (count === 0) return null;
  return (
    <span className="inbox-badge">
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="sr-only">({count} unread)</span>
    </span>
  );
}
