import { type ChangeEvent, type FormEvent, useCallback, useLayoutEffect, useRef, useState } from "react";
import { readableErrorFor } from "../../../schemas/readable";

type Texts<K extends string> = Record<K, string>;

/** What the hook needs of a shared schema: zod's safeParse, so classic and mini schemas both fit. */
interface TextSchema<K extends string, Out> {
  safeParse(
    data: Texts<K>,
    params: { error: ReturnType<typeof readableErrorFor> },
  ):
    | { success: true; data: Out }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * A form of a few text inputs checked by a shared schema, without react-hook-form, for the sign-in
 * page, which must stay small (bench/budgets.json). It behaves as the other forms do through
 * schemaResolver: the same messages (readableErrorFor), checked on submit with the first wrong field
 * focused, then again as each field changes.
 */
export function useTextForm<K extends string, Out>(schema: TextSchema<K, Out>, defaults: Texts<K>) {
  const [values, setValues] = useState(defaults);
  const [errors, setErrors] = useState<Partial<Texts<K>>>({});
  const submitted = useRef(false);
  const inputs = useRef<Partial<Record<K, HTMLInputElement | null>>>({});
  const current = useRef(values);
  current.current = values;

  // A prerendered form (sign-in) can be typed into before its script takes over; React keeps its own
  // state then, so what the inputs already hold is taken in once, when the form is first drawn.
  useLayoutEffect(() => {
    const typed = { ...current.current };
    let changed = false;
    for (const name of Object.keys(typed) as K[]) {
      const value = inputs.current[name]?.value;
      if (value !== undefined && value !== typed[name]) {
        typed[name] = value;
        changed = true;
      }
    }
    if (!changed) return;
    current.current = typed;
    setValues(typed);
  }, []);

  function check(next: Texts<K>): { data?: Out; errors: Partial<Texts<K>> } {
    const result = schema.safeParse(next, {
      error: readableErrorFor(schema as unknown as Parameters<typeof readableErrorFor>[0]),
    });
    if (result.success) return { data: result.data, errors: {} };
    const found: Partial<Texts<K>> = {};
    for (const issue of result.error.issues) {
      const key = issue.path[0] as K;
      found[key] ??= issue.message;
    }
    return { errors: found };
  }

  const field = (name: K) => ({
    name,
    value: values[name],
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...current.current, [name]: event.target.value };
      current.current = next;
      setValues(next);
      if (submitted.current) setErrors((shown) => ({ ...shown, [name]: check(next).errors[name] }));
    },
  });

  const handleSubmit = (onValid: (data: Out) => void) => (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const result = check(current.current);
    setErrors(result.errors);
    if (result.data !== undefined) onValid(result.data);
    else {
      const first = (Object.keys(defaults) as K[]).find((key) => result.errors[key]);
      if (first) inputs.current[first]?.focus();
    }
  };

  /** Sets a field as if typed, for a value that arrives after the first draw (a link's ?email=). */
  const fill = useCallback((name: K, value: string) => {
    const next = { ...current.current, [name]: value };
    current.current = next;
    setValues(next);
  }, []);

  const getValues = useCallback(() => current.current, []);

  return { field, errors, handleSubmit, fill, getValues };
}
