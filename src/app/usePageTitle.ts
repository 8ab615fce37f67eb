import { useEffect } from "react";

/** Names the browser tab "<title> · OjaPay", as every page of the app does. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · OjaPay`;
  }, [title]);
}
