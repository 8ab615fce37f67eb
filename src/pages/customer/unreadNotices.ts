import { createContext, useCallback, useContext, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { useCustomerServices } from "../../app/AppServices";

/** The inbox's path in the customer area, which the bell links to. */
export const inboxPath = "/notifications";

interface UnreadNotices {
  count: number;
  /** What the inbox says is left once it has marked what it shows as read. */
  seen: (count: number) => void;
}

const UnreadNoticesContext = createContext<UnreadNotices>({ count: 0, seen: () => {} });
export const UnreadNoticesProvider = UnreadNoticesContext.Provider;

/**
 * The customer layout's count for the bell: asked again on each page the customer opens (a broadcast
 * may come at any time), except on the inbox, which marks what it shows read and says what is left.
 * `ask` stays false until the layout is the customer's: the prerendered shell is nobody's.
 */
export function useUnreadNoticeCount(ask: boolean): UnreadNotices {
  const { customer } = useCustomerServices();
  const [location] = useLocation();
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!ask || location === inboxPath) return;
    let live = true;
    customer.unreadNotices().then(
      (answer) => live && setCount(answer.unread),
      // A bell that cannot ask keeps what it showed; nothing here is worth an error.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [customer, ask, location]);
  return { count, seen: setCount };
}

/** For the inbox: tells the server the customer has seen every notice up to `upTo`, and the bell what is left. */
export function useMarkNoticesRead() {
  const { customer } = useCustomerServices();
  const { seen } = useContext(UnreadNoticesContext);
  return useCallback(
    async (upTo: string) => seen((await customer.markNoticesRead({ up_to: upTo })).unread),
    [customer, seen],
  );
}
