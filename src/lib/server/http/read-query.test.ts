import type { IncomingMessage } from "node:http";
import { NOT_TEXT_QUERY, readQuery } from "./read-query";

const withQuery = (query: unknown) => ({ query }) as IncomingMessage & { query?: unknown };

describe("a function's query", () => {
  it("gives each value as text, the first of a repeated name, and nothing for what is not a string", () => {
    expect(readQuery(withQuery({ token: "abc", days: "7", list: ["a", "b"], odd: 3 }))).toEqual({
      token: "abc",
      days: "7",
      list: "a",
    });
    expect(readQuery(withQuery(undefined))).toEqual({});
  });

  it("refuses a NUL or any other character that is not text, in a value or a name, with 400", () => {
    for (const query of [{ reference: "\u0000" }, { reference: "SR-1\u0000" }, { "a\u0000": "x" }, { t: "\ud800" }]) {
      expect(() => readQuery(withQuery(query))).toThrow(
        expect.objectContaining({ status: 400, message: NOT_TEXT_QUERY }),
      );
    }
  });
});
