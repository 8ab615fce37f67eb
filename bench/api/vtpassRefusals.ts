/** VTpass's definite failure: it bought nothing and kept nothing, so OjaPay may move the purchase on. */
export const vtpassDefiniteFailure = { code: "016", response_description: "TRANSACTION FAILED" } as const;

/**
 * Which of the bench's VTpass pay requests are refused: `share` of them, spread evenly (at 0.2 every
 * fifth) rather than drawn at random. Random refusals would now and then come five in a row, which
 * opens VTpass's circuit for five minutes (docs/routing.md), and the rest of the point would then
 * measure the vendor alone rather than failing over; spread evenly, the share is exact in every run.
 */
export function createRefusalShare() {
  let share = 0;
  let seen = 0;
  let refused = 0;
  return {
    /** A new share, counted afresh from the next pay request. */
    set(next: number) {
      if (!(next >= 0 && next <= 1)) throw new Error(`a refusal share is between 0 and 1, not ${next}`);
      share = next;
      seen = 0;
      refused = 0;
    },
    /** Whether this pay request is one to refuse. */
    refuseNext(): boolean {
      seen++;
      if (Math.floor(seen * share) <= refused) return false;
      refused++;
      return true;
    },
  };
}
