/**
 * Spec section 8: the words a 401 carries when a session has ended. The first is ours, and what the
 * customer reads whichever of the two came back; the second is the old backend's, honoured so that
 * an answer carrying it (from that backend or a proxy in front of ours) still ends the session.
 */
export const sessionExpiredMessage = "Your session has expired. Kindly sign-in again.";

export const sessionExpiryMessages: readonly string[] = [
  sessionExpiredMessage,
  "Session Expired. Please try signing again.",
];
