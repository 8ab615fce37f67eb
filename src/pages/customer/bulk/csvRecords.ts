/** One line of a CSV as read: its fields, and the line of the text it starts on (from 1). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * Reads CSV as spreadsheets write it (RFC 4180): fields in double quotes may hold commas, line ends
 * and doubled quotes; lines end in CRLF, LF or CR; a byte-order mark is dropped. Unquoted fields are
 * trimmed (people type "0803…, MTN, 500"); blank lines are skipped. No dependency reads CSV here,
 * and this is all a pasted list or an exported sheet needs.
 */
export function csvRecords(text: string): CsvRecord[] {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endField = () => {
    fields.push(quoted ? field : field.trim());
    field = "";
    quoted = false;
  };
  const endRecord = () => {
    endField();
    if (fields.some((value) => value !== "")) records.push({ line: recordLine, fields });
    fields = [];
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '"' && !quoted && field.trim() === "") {
      quoted = true;
      const end = closingQuote(source, i + 1);
      field = source.slice(i + 1, end).replaceAll('""', '"');
      line += countLineEnds(field);
      i = end; // at the closing quote (or the text's end); what follows up to the comma is dropped
      while (i + 1 < source.length && !",\r\n".includes(source[i + 1] ?? "")) i++;
      continue;
    }
    if (char === ",") endField();
    else if (char === "\r" || char === "\n") {
      if (char === "\r" && source[i + 1] === "\n") i++;
      endRecord();
      line++;
      recordLine = line;
    } else field += char;
  }
  endRecord();
  return records;
}

/** Where the quoted field starting at `from` ends: the quote not doubled, or the text's end. */
function closingQuote(source: string, from: number): number {
  let i = from;
  while (i < source.length) {
    if (source[i] === '"') {
      if (source[i + 1] === '"') i += 2;
      else return i;
    } else i++;
  }
  return source.length;
}

function countLineEnds(text: string): number {
  return text.match(/\r\n|\r|\n/g)?.length ?? 0;
}
