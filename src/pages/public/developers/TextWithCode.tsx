/**
 * The document's words with `backticks` drawn as code, as its summaries and descriptions are
 * written (the only markdown they use). The split's odd parts are the quoted ones.
 */
export function TextWithCode({ text }: { text: string }) {
  const parts = text.split("`");
  // An unclosed backtick is shown as written rather than turning the rest into code.
  if (parts.length % 2 === 0) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in their order
        index % 2 === 1 ? <code key={index}>{part}</code> : part,
      )}
    </>
  );
}
