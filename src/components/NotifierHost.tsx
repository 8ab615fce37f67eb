import { useCallback, useSyncExternalStore } from "react";
import { noticeStore } from "../notices/noticeStore";
import { Notifier } from "./Notifier";

/** Shows whatever notice a screen raised through noticeStore. */
export function NotifierHost() {
  const notice = useSyncExternalStore(noticeStore.subscribe, noticeStore.get, noticeStore.get);
  const close = useCallback(() => noticeStore.hide(), []);
  if (!notice) return null;
  return <Notifier key={notice.id} {...notice} onClose={close} />;
}
