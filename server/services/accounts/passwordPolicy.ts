import { dictionary } from "@zxcvbn-ts/language-common";
import { fieldRefusal } from "../../refusal";

// zxcvbn-ts's list of about 49,000 passwords most often seen in breaches, kept up by that project.
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary["passwords-common"].map((word) => word.toLowerCase()));
  return common;
}

export interface PasswordOwner {
  email: string;
  firstName: string;
  lastName: string;
}

const squeeze = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/**
 * What is wrong with a new password beyond the schema's length rule, or null. Refuses the passwords
 * attackers try first (the breached list, one character repeated) and the account's own email, the
 * part before its @, or its names, however written.
 */
export function passwordProblem(password: string, owner: PasswordOwner): string | null {
  const plain = squeeze(password);
  if (commonPasswords().has(password.toLowerCase()) || commonPasswords().has(plain)) {
    return "This password is too common: it appears in lists of leaked passwords. Please choose another.";
  }
  if (new Set(password).size <= 2) return "This password repeats too few characters. Please choose another.";
  const mailbox = owner.email.split("@")[0] ?? "";
  const own = [owner.email, mailbox, owner.firstName, owner.lastName, owner.firstName + owner.lastName]
    .map(squeeze)
    .filter((part) => part.length >= 3);
  if (
    own.some(
      (part) =>
        plain === part || (part.length >= 5 && plain.includes(part) && plain.length - part.length < 4),
    )
  ) {
    return "Your password cannot be your email or your name. Please choose another.";
  }
  return null;
}

/** Refuses a new password the policy turns down, naming the field it came in. */
export function assertPasswordAllowed(password: string, owner: PasswordOwner, field: string): void {
  const problem = passwordProblem(password, owner);
  if (problem) throw fieldRefusal(field, problem);
}
