import { z } from "zod/mini";
import { loginResult, profile as profileSchema } from "../../schemas/auth";
import { envelope } from "../../schemas/envelope";
import { type RegisterBody, registerResult } from "../../schemas/signedOut";
import type { startMailCatcher } from "../../tests/e2e/support/mailCatcher";

type Mail = Awaited<ReturnType<typeof startMailCatcher>>;

/** A signed-in customer as the SPA keeps one: the localStorage entries src/storage/clientStore.ts writes. */
export type SignedInStorage = { token: string; userData: string; isAuth: string };

async function api<T extends z.ZodMiniType>(
  base: string,
  method: string,
  path: string,
  result: T,
  options: { body?: unknown; token?: string } = {},
): Promise<z.output<T>> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(options.token && { authorization: `Bearer ${options.token}` }),
    },
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
  });
  const json: unknown = await res.json();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return result.parse(envelope(z.unknown()).parse(json).data);
}

/** The password of every customer made here, for a test that signs one in through the page. */
export const customerPassword = "lighthouse measures the dashboard 11";

/**
 * A new customer, through the API as the SPA does it: register, the code from the email, sign in,
 * read the profile. Answers what the SPA's session machine would have stored after that sign-in
 * (persistSession in src/actors/sessionActors.ts: the token as is, the profile and `true` as JSON).
 */
export async function signedInCustomer(base: string, mail: Mail): Promise<SignedInStorage> {
  const person: RegisterBody = {
    first_name: "Adaeze",
    last_name: "Okafor",
    email: `lighthouse-${Date.now()}@example.com`,
    phone: "08031234567",
    password: customerPassword,
  };
  const { ticket } = await api(base, "POST", "/auth/register", registerResult, { body: person });
  const code = await mail.nextCode(person.email, 0);
  await api(base, "POST", "/auth/code/verify", z.unknown(), { body: { email: person.email, ticket, code } });
  const { token } = await api(base, "POST", "/auth/login", loginResult, {
    body: { email: person.email, password: person.password },
  });
  const profile = await api(base, "GET", "/auth/profile", profileSchema, { token });
  return { token, userData: JSON.stringify(profile), isAuth: JSON.stringify(true) };
}
