import { type ReactNode, useId } from "react";

/**
 * A block of code with the caption that names it (the figure takes its name from it, for screen
 * readers). A long line scrolls sideways inside the block, so a path or a JSON body never widens the
 * page nor breaks mid-word; focusable, so the keyboard scrolls it too.
 */
export function CodeBlock({ caption, code }: { caption: ReactNode; code: string }) {
  const captionId = useId();
  return (
    <figure className="code-block" aria-labelledby={captionId}>
      <figcaption id={captionId}>{caption}</figcaption>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a block that scrolls sideways must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
