import { describe, expect, it } from "vitest";
import { csvText } from "../../src/text/csv";

describe("the CSV writer", () => {
  it("writes plain fields as they are, with CRLF after every line", () => {
    expect(
      csvText(
        ["a", "b"],
        [
          ["x", 1],
          [null, undefined],
        ],
      ),
    ).toBe("a,b\r\nx,1\r\n,\r\n");
  });

  it("quotes a field with a comma, a quote, a line end or edge spaces, doubling its quotes", () => {
    expect(csvText(["v"], [["1,2"], ['say "hi"'], ["two\nlines"], ["cr\r"], [" lead"], ["trail "]])).toBe(
      'v\r\n"1,2"\r\n"say ""hi"""\r\n"two\nlines"\r\n"cr\r"\r\n" lead"\r\n"trail "\r\n',
    );
  });

  it("starts a text a spreadsheet would run as a formula with an apostrophe, but not a plain number", () => {
    expect(csvText(["v"], [["=SUM(A1)"], ["@cmd"], ["+234"], ["-25.50"], [-3]])).toBe(
      "v\r\n'=SUM(A1)\r\n'@cmd\r\n'+234\r\n-25.50\r\n-3\r\n",
    );
  });

  it("writes only the header when there are no rows", () => {
    expect(csvText(["a"], [])).toBe("a\r\n");
  });
});
