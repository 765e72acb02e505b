import * as z from "zod/mini";
import { builtOnFirstRead } from "./built-on-first-read";

describe("builtOnFirstRead", () => {
  it("builds a property when it is first read, once, and lists every key from the start", () => {
    const made: string[] = [];
    const fields = builtOnFirstRead({
      name: () => (made.push("name"), z.string()),
      zip: () => (made.push("zip"), z.string().check(z.length(5))),
    });
    expect(Object.keys(fields)).toEqual(["name", "zip"]);
    expect(made).toEqual([]);
    expect(fields.zip.safeParse("21401").success).toBe(true);
    expect(fields.zip.safeParse("214").success).toBe(false);
    expect(made).toEqual(["zip"]);
  });

  it("makes a zod object that checks every field", () => {
    const schema = z.object(builtOnFirstRead({ name: () => z.string(), zip: () => z.string().check(z.length(5)) }));
    expect(schema.safeParse({ name: "Ann", zip: "21401" }).success).toBe(true);
    expect(schema.safeParse({ name: "Ann", zip: "2" }).success).toBe(false);
    expect(schema.safeParse({ zip: "21401" }).success).toBe(false);
  });
});
