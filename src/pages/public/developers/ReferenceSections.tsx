import { useRef } from "react";
import { OperationSection } from "./OperationSection";
import { TextWithCode } from "./TextWithCode";
import { useKeyApiReference } from "./useKeyApiReference";

/**
 * The part of the page drawn from the OpenAPI document: every operation a key may call, then the
 * refusal codes. While the document loads it says so; if it cannot be had it says why, in place, with
 * a retry.
 */
export function ReferenceSections({ origin }: { origin: string }) {
  const [load, retry] = useKeyApiReference();
  const heading = useRef<HTMLHeadingElement>(null);

  // The Try again button goes with the failure: focus moves to the section's heading, not to the page's top.
  const retryHere = () => {
    heading.current?.focus();
    retry();
  };

  return (
    <>
      <section className="developers-section" aria-labelledby="operations">
        <h2 id="operations" ref={heading} tabIndex={-1}>
          Operations
        </h2>
        {load.state === "loading" && (
          <p className="reference-loading" role="status" aria-busy="true">
            <span className="reference-spinner" aria-hidden="true" />
            Loading the reference from the server…
          </p>
        )}
        {load.state === "failed" && (
          <div className="load-failed reference-failed" role="alert">
            <p>
              <strong>The reference did not load.</strong> {load.reason}
            </p>
            <button type="button" className="button" onClick={retryHere}>
              Try again
            </button>
          </div>
        )}
        {load.state === "loaded" && (
          <>
            <ul className="operation-index">
              {load.reference.operations.map((operation) => (
                <li key={operation.anchor}>
                  <a href={`#${operation.anchor}`}>
                    <span className="http-method">{operation.method}</span> <code>{operation.path}</code>
                  </a>
                </li>
              ))}
            </ul>
            {load.reference.operations.map((operation) => (
              <OperationSection
                key={operation.anchor}
                operation={operation}
                origin={origin}
                resolve={load.reference.resolve}
              />
            ))}
          </>
        )}
      </section>
      {load.state === "loaded" && (
        <section className="developers-section" aria-labelledby="refusal-codes">
          <h2 id="refusal-codes">Refusal codes</h2>
          <p>
            A refusal is <code>{"{ status: false, code, msg, fields? }"}</code>.{" "}
            {load.reference.refusalCodesDescription && (
              <TextWithCode text={`${load.reference.refusalCodesDescription}.`} />
            )}{" "}
            Decide on <code>code</code>, never on the words of <code>msg</code>, which may change.
          </p>
          <ul className="refusal-codes">
            {load.reference.refusalCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
