import { Slide, ToastContainer, toast } from "react-toastify";
import type { NoticeSink } from "../api/client";
import { toastRules } from "./noticeRules";
import "./toasts.css";

/** API results on screen: success for 3 s, errors for 5 s, at most 20 at once, top centre, 500px wide. */
export const showToast: NoticeSink = ({ type, message, title }) => {
  const content = title ? (
    <div>
      <strong>{title}</strong>
      <div>{message}</div>
    </div>
  ) : (
    message
  );
  if (type === "success") toast.success(content, { autoClose: toastRules.successMs });
  else toast.error(content, { autoClose: toastRules.errorMs });
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
