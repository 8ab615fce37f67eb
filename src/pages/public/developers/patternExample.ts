/**
 * A string that matches a regular expression, for the examples: the schemas check phones, smartcards
 * and meters by `pattern`, so a body built from the schema must pass it. Only the plain forms those
 * patterns use are understood (literals, \d, classes, groups with `|`, the usual quantifiers); each
 * alternation takes its shortest branch, each class its first member and each quantifier its least count. Anything else (a negated
 * class, a lookahead, a backreference) gives undefined, and the caller falls back to a placeholder.
 */

class Unsupported extends Error {}

const digits = "1234567890";

export function patternExample(pattern: string): string | undefined {
  let at = 0;
  let nextDigit = 0;
  const digit = () => digits[nextDigit++ % digits.length] as string;

  /** Branches up to the closing `)` or the end: the shortest is the example (`0803…` rather than `234803…`). */
  function alternatives(): string {
    const start = nextDigit;
    const branches: { text: string; digitsUsed: number }[] = [];
    do {
      if (branches.length > 0) at++;
      nextDigit = start;
      branches.push({ text: sequence(), digitsUsed: nextDigit });
    } while (pattern[at] === "|");
    const shortest = branches.reduce((best, branch) =>
      branch.text.length < best.text.length ? branch : best,
    );
    nextDigit = shortest.digitsUsed;
    return shortest.text;
  }

  function sequence(): string {
    let text = "";
    while (at < pattern.length && pattern[at] !== "|" && pattern[at] !== ")") {
      const make = atom();
      const times = quantifier();
      for (let i = 0; i < times; i++) text += make();
    }
    return text;
  }

  function atom(): () => string {
    const char = pattern[at++] as string;
    if (char === "^" || char === "$") return () => "";
    if (char === ".") return () => "a";
    if (char === "(") {
      if (pattern.startsWith("?:", at)) at += 2;
      else if (pattern[at] === "?") throw new Unsupported();
      const text = alternatives();
      if (pattern[at++] !== ")") throw new Unsupported();
      return () => text;
    }
    if (char === "[") return characterClass();
    if (char === "\\") return escaped(pattern[at++]);
    if ("*+?{)|".includes(char)) throw new Unsupported();
    return () => char;
  }

  function escaped(char: string | undefined): () => string {
    if (char === undefined) throw new Unsupported();
    if (char === "d") return digit;
    if (char === "w") return () => "a";
    if (char === "s") return () => " ";
    if (/[A-Za-z0-9]/.test(char)) throw new Unsupported();
    return () => char;
  }

  /** `[789]` is 7, `[a-f]` is a: the class's first member. */
  function characterClass(): () => string {
    if (pattern[at] === "^") throw new Unsupported();
    const char = pattern[at] as string;
    const first = char === "\\" ? escaped(pattern[at + 1]) : () => char;
    const end = pattern.indexOf("]", at + 1);
    if (end < 0) throw new Unsupported();
    at = end + 1;
    return first;
  }

  function quantifier(): number {
    const char = pattern[at];
    let times = 1;
    if (char === "?" || char === "*") times = 0;
    else if (char === "+") times = 1;
    else if (char === "{") {
      const match = /^\{(\d+)(,\d*)?\}/.exec(pattern.slice(at));
      if (!match) throw new Unsupported();
      at += match[0].length - 1;
      times = Number(match[1]);
    } else return 1;
    at++;
    // A lazy quantifier matches the same strings.
    if (pattern[at] === "?") at++;
    return times;
  }

  try {
    const text = alternatives();
    if (at !== pattern.length) return undefined;
    return new RegExp(pattern).test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}
