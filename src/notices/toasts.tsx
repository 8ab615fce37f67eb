import { Slide, ToastContainer, toast } from "react-toastify";
import type { NoticeSink } from "../api/client";
import { toastRules } from "./noticeRules";
import "./toasts.css";

/**
 * How many times each toast on screen has been raised. The same failure repeated (a flaky
 * connection under a page's five reads, a button pressed again) is one toast that says how often and
 * starts its time again, not a stack of twenty copies hiding the page.
 */
const repeats = new Map<string, number>();

function content(message: string, title: string | undefined, times: number) {
  const text = times > 1 ? `${message} (${times} times)` : message;
  return title ? (
    <div>
      <strong>{title}</strong>
      <div>{text}</div>
    </div>
  ) : (
    text
  );
}

/** The toast each topic (a flow, or one endpoint) has on screen: a new notice of the topic replaces it. */
const byTopic = new Map<string, string>();

/** API results on screen: success for 3 s, errors for 5 s, at most 20 at once, top centre, 500px wide. */
export const showToast: NoticeSink = ({ type, message, title, topic }) => {
  const toastId = JSON.stringify([type, title ?? "", message]);
  const autoClose = type === "success" ? toastRules.successMs : toastRules.errorMs;
  if (topic !== undefined) {
    const superseded = byTopic.get(topic);
    if (superseded !== undefined && superseded !== toastId) toast.dismiss(superseded);
    byTopic.set(topic, toastId);
  }
  if (toast.isActive(toastId)) {
    const times = (repeats.get(toastId) ?? 1) + 1;
    repeats.set(toastId, times);
    toast.update(toastId, { render: content(message, title, times), autoClose });
    return;
  }
  repeats.set(toastId, 1);
  const options = { toastId, autoClose, onClose: () => repeats.delete(toastId) };
  if (type === "success") toast.success(content(message, title, 1), options);
  else toast.error(content(message, title, 1), options);
};

export function Toasts() {
  return (
    <ToastContainer
      position={toastRules.position}
      limit={toastRules.limit}
      transition={Slide}
      newestOnTop
      closeOnClick={false}
      pauseOnFocusLoss
      style={{ width: `${toastRules.widthPx}px`, maxWidth: "calc(100vw - 16px)" }}
    />
  );
}
