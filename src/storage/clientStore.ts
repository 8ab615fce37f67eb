/**
 * The one place that mirrors client state to local storage (spec section 3). Values are written as
 * JSON under the spec's keys, the token under "token"; what is read back is checked by the caller
 * before use, because storage is whatever the browser (or a person with dev tools) left there.
 */
export const storageKeys = [
  "token",
  "userData",
  "isAuth",
  "dataControl",
  "dataPlans",
  "dataHistory",
  "airtimeControl",
  "airtimeHistory",
  "cableControl",
  "cableTvPlans",
  "electricityControl",
  "allUsers",
  "user",
  "dashboardData",
  "emergencyStatus",
  // Ours, not the spec's: whether the dashboard shows the balance. Cleared at logout, so the next
  // person on a shared phone starts with it hidden.
  "balanceHidden",
  // Ours: the tickets of sign-ups made or signed in to on this browser, until their email is confirmed
  // (signUpTickets.ts).
  "signUpTickets",
  // Ours: the exam PINs on sale and their prices, as the other wizards' catalogues are kept (issue 37).
  "examControl",
  // Ours: the recharge cards on sale and their prices, kept like the exam PINs' (issue 37).
  "rechargeControl",
] as const;

export type StorageKey = (typeof storageKeys)[number];

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // private mode or storage switched off: the app still works for this visit
  }
}

export const clientStore = {
  getToken(): string | null {
    return storage()?.getItem("token") ?? null;
  },
  read(key: StorageKey): unknown {
    const raw = storage()?.getItem(key);
    if (raw == null) return null;
    try {
      return JSON.parse(raw);
    } catch {
      return null;
    }
  },
  write(key: StorageKey, value: unknown) {
    try {
      if (key === "token") storage()?.setItem(key, String(value));
      else storage()?.setItem(key, JSON.stringify(value));
    } catch {
      // Full or unavailable storage only costs the restore on the next visit.
    }
  },
  /** Forgets everything this app stored: logout and session expiry. */
  clear() {
    const s = storage();
    for (const key of storageKeys) s?.removeItem(key);
  },
};
