/**
 * The wizard's steps after the catalogue has loaded: the four products' forms, the confirmation with
 * its PIN and the result. PurchasePage loads them as one chunk (with react-hook-form) when it opens,
 * so the page and its catalogue request start without waiting for them.
 */
export { ChooseForm } from "./ChooseForm";
export { ConfirmStep } from "./ConfirmStep";
export { ResultStep } from "./ResultStep";
export { VerifiedStep } from "./VerifiedStep";
