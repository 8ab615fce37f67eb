import { type ReactNode, useId } from "react";

/**
 * A block of code with the caption that names it (the figure takes its name from it, for screen
 * readers). Long lines wrap inside the block, so a path or a JSON body never widens the page.
 */
export function CodeBlock({ caption, code }: { caption: ReactNode; code: string }) {
  const captionId = useId();
  return (
    <figure className="code-block" aria-labelledby={captionId}>
      <figcaption id={captionId}>{caption}</figcaption>
      <pre>
        <code>{code}</code>
      </pre>
    </figure>
  );
}
