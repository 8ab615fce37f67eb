/**
 * The PIN modal's title: the spec's for a reset of a PIN the customer has, its own for a first PIN,
 * which resets nothing. Apart from the modal, so the page drawing its placeholder need not load it.
 */
export const pinModalTitle = (firstPin: boolean) =>
  firstPin ? "Set your transaction PIN" : "Transaction Pin Reset";
