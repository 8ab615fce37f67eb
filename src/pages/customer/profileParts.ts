/**
 * The parts of the profile page that load after it draws (lazyPart), in one chunk fetched as the page
 * opens: its two forms and its modals, which are what needs react-hook-form, the largest library
 * a customer page uses, and the price levels with their upgrade dialog. The header, the sections' frames and the wallet and verification facts draw
 * without them.
 */
export { ChangePasswordForm } from "./ChangePasswordForm";
export { ContestModal } from "./ContestModal";
export { CorrectionModal } from "./CorrectionModal";
export { IdentityCodeModal } from "./IdentityCodeModal";
export { PersonalDetailsForm } from "./PersonalDetailsForm";
export { PinResetModal } from "./PinResetModal";
export { PriceLevels } from "./PriceLevels";
export { VerifyIdentityModal } from "./VerifyIdentityModal";
