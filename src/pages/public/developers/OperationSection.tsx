import { useMemo } from "react";
import { CodeBlock } from "./CodeBlock";
import type { RefResolver } from "./jsonSchema";
import type { ApiOperation } from "./openApiOperations";
import { operationExamples } from "./operationExamples";
import { FieldList, SchemaFields } from "./SchemaFields";
import { type SchemaField, schemaFields } from "./schemaFields";
import { TextWithCode } from "./TextWithCode";

/**
 * An answer of more fields than this (a purchase has 24) starts folded, so that on a phone the
 * operations stay a few screens apart; what a request takes is always shown.
 */
const openAnswerFields = 8;

/** Every field of a schema, nested ones and each variant's included. */
const fieldCount = (field: SchemaField): number =>
  [...field.children, ...field.variants.map((variant) => variant.field)].reduce(
    (sum, child) => sum + (child.name ? 1 : 0) + fieldCount(child),
    0,
  );

/** "An API key…" continues the sentence the header starts. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * One operation of the reference: what it does, how it is authorised, what it takes and answers,
 * how it is refused, and a curl command (or one per kind of body) to try it with.
 */
export function OperationSection({
  operation,
  origin,
  resolve,
}: {
  operation: ApiOperation;
  origin: string;
  resolve: RefResolver;
}) {
  const { anchor, method, path, summary, authHeader, auth, parameters, body, success, refusals } = operation;
  // Made once per document: each example's request_id is a fresh UUID, which a redraw should not change.
  const examples = useMemo(() => operationExamples(operation, origin, resolve), [operation, origin, resolve]);
  const parameterFields = parameters.map((parameter) => {
    const field = schemaFields(parameter.schema, resolve);
    return {
      ...field,
      name: parameter.name,
      required: parameter.required,
      description: parameter.description ?? field.description,
    };
  });
  const answer = success?.data ? schemaFields(success.data, resolve) : undefined;
  const places = new Map(parameters.map((parameter) => [parameter.name, parameter.in]));

  return (
    <section className="api-operation" aria-labelledby={anchor}>
      <h3 id={anchor} className="operation-heading">
        <span className={`http-method is-${method.toLowerCase()}`}>{method}</span>{" "}
        <code className="operation-path">{path}</code>
      </h3>
      <p>
        <TextWithCode text={summary} />
      </p>
      <p className="operation-auth">
        <strong>Auth:</strong> {authHeader && <code>{authHeader}</code>}
        {authHeader && ", "}
        <TextWithCode text={lowerFirst(auth)} />
      </p>

      {parameterFields.length > 0 && (
        <>
          <h4>Parameters</h4>
          <FieldList
            fields={parameterFields}
            direction="request"
            place={(field) => (places.get(field.name) === "path" ? "path" : "query string")}
          />
        </>
      )}

      {body && (
        <>
          <h4>Request body</h4>
          <SchemaFields schema={schemaFields(body, resolve)} direction="request" headingLevel={5} />
        </>
      )}

      {success && answer && (
        <>
          <h4>
            Answer: <code>data</code> (status {success.status})
          </h4>
          {fieldCount(answer) > openAnswerFields ? (
            <details className="answer-fields">
              <summary>Show its {fieldCount(answer)} fields</summary>
              <SchemaFields schema={answer} direction="answer" headingLevel={5} />
            </details>
          ) : (
            <SchemaFields schema={answer} direction="answer" headingLevel={5} />
          )}
        </>
      )}

      {refusals.length > 0 && (
        <>
          <h4>Refusals</h4>
          <ul className="operation-refusals">
            {refusals.map((refusal) => (
              <li key={refusal.status}>
                <strong>{refusal.status}</strong>: <TextWithCode text={refusal.description} />
              </li>
            ))}
          </ul>
          <p>
            Each refusal carries a <code>code</code> from the <a href="#refusal-codes">refusal codes</a>.
          </p>
        </>
      )}

      <h4>{examples.length > 1 ? "Examples" : "Example"}</h4>
      {examples.map((example) => (
        <CodeBlock key={example.caption} caption={example.caption} code={example.command} />
      ))}
    </section>
  );
}
