import type { SchemaField } from "./schemaFields";
import { TextWithCode } from "./TextWithCode";

/** Whether the fields are sent (required or optional) or answered (always there, or not always). */
export type FieldDirection = "request" | "answer";

function presence(field: SchemaField, direction: FieldDirection): string | undefined {
  if (direction === "request") return field.required ? "required" : "optional";
  return field.required ? undefined : "not always present";
}

function Values({ values }: { values: string[] }) {
  if (values.length === 1) {
    return (
      <p className="field-line">
        Always <code>{values[0]}</code>
      </p>
    );
  }
  return (
    <p className="field-line">
      One of:{" "}
      {values.map((value, index) => (
        <span key={value}>
          {index > 0 && ", "}
          <code>{value}</code>
        </span>
      ))}
    </p>
  );
}

function FieldItem({
  field,
  direction,
  place,
}: {
  field: SchemaField;
  direction: FieldDirection;
  place?: string;
}) {
  const marker = presence(field, direction);
  // A title alone names the field in words ("Phone number"); with a description both are said.
  const words = [field.title, field.description].filter(Boolean).join(". ");
  return (
    <li className="schema-field">
      <p className="field-head">
        <code className="field-name">{field.name}</code>{" "}
        <span className="field-type">
          {field.type}
          {field.nullable && " or null"}
          {place && `, in the ${place}`}
        </span>
        {marker && (
          <span className={`field-presence is-${field.required ? "required" : "optional"}`}>{marker}</span>
        )}
      </p>
      {words && (
        <p className="field-line">
          <TextWithCode text={words} />
        </p>
      )}
      {field.values && <Values values={field.values} />}
      {field.limits.length > 0 && <p className="field-line field-limits">{field.limits.join("; ")}</p>}
      {field.pattern && (
        <p className="field-line">
          Matches <code className="field-pattern">{field.pattern}</code>
        </p>
      )}
      {field.children.length > 0 && <FieldList fields={field.children} direction={direction} />}
      {field.variants.map((variant) => (
        <div key={variant.label} className="field-variant">
          <p className="field-line">
            When <code>{variant.label}</code>:
          </p>
          <FieldList fields={variant.field.children} direction={direction} />
        </div>
      ))}
    </li>
  );
}

/** A list of fields, each with its type, presence, words and limits; objects inside indented beneath. */
export function FieldList({
  fields,
  direction,
  place,
}: {
  fields: readonly SchemaField[];
  direction: FieldDirection;
  place?: (field: SchemaField) => string | undefined;
}) {
  return (
    <ul className="schema-fields">
      {fields.map((field) => (
        <FieldItem key={field.name} field={field} direction={direction} place={place?.(field)} />
      ))}
    </ul>
  );
}

/**
 * A whole schema: its fields, or for a union (the purchase body, one per `kind`) each variant's
 * fields under a heading of its own, at `headingLevel`; a schema with no fields says its type.
 */
export function SchemaFields({
  schema,
  direction,
  headingLevel,
}: {
  schema: SchemaField;
  direction: FieldDirection;
  headingLevel: 5 | 6;
}) {
  const Heading = `h${headingLevel}` as const;
  if (schema.variants.length > 0) {
    return (
      <>
        <p>One of these {schema.variants.length} shapes:</p>
        {schema.variants.map((variant) => (
          <section key={variant.label} className="schema-variant">
            <Heading>
              <code>{variant.label}</code>
            </Heading>
            <FieldList fields={variant.field.children} direction={direction} />
          </section>
        ))}
      </>
    );
  }
  if (schema.children.length > 0) {
    return (
      <>
        {schema.type.startsWith("array") && <p>A list; each item has:</p>}
        <FieldList fields={schema.children} direction={direction} />
      </>
    );
  }
  return (
    <p>
      <span className="field-type">{schema.type}</span>
      {schema.description && (
        <>
          : <TextWithCode text={schema.description} />
        </>
      )}
    </p>
  );
}
