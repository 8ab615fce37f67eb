import { lazyPart } from "./lazyPart";

/**
 * The profile page's forms and modals as lazyParts: the page draws its header, the sections' frames
 * and the verification facts at once, and these arrive just after, all from one chunk
 * (profileParts) imported once, when the first of them is drawn or preloaded.
 */
let chunk: Promise<typeof import("./profileParts")> | undefined;
const parts = () => {
  chunk ??= import("./profileParts");
  return chunk;
};

export const PersonalDetailsForm = lazyPart(() => parts().then((module) => module.PersonalDetailsForm));
export const ChangePasswordForm = lazyPart(() => parts().then((module) => module.ChangePasswordForm));
// The modals render only once opened, so the page preloads them as it opens.
export const PinResetModal = lazyPart(() => parts().then((module) => module.PinResetModal));
export const VerifyIdentityModal = lazyPart(() => parts().then((module) => module.VerifyIdentityModal));
export const CorrectionModal = lazyPart(() => parts().then((module) => module.CorrectionModal));
export const ContestModal = lazyPart(() => parts().then((module) => module.ContestModal));
export const IdentityCodeModal = lazyPart(() => parts().then((module) => module.IdentityCodeModal));
export const PriceLevels = lazyPart(() => parts().then((module) => module.PriceLevels));
