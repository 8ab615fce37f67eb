import { useEffect, useState } from "react";

/**
 * What a mailed link carries after its `#` (the token, the email): read once as the page opens. The
 * fragment never reaches a server or its logs; it is then taken out of the address bar too, so the
 * token does not linger in the history or show in a screenshot.
 */
export function useLinkFragment(): URLSearchParams {
  const [params] = useState(() => new URLSearchParams(window.location.hash.slice(1)));
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, "", window.location.pathname);
  }, []);
  return params;
}
