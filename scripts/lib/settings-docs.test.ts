/** @jest-environment node */
import { amount, operatorVariablesTable } from "./settings-docs";

test("a default reads as a person says it", () => {
  expect(amount(500, "ms")).toBe("500 ms");
  expect(amount(10_000, "ms")).toBe("10 s");
  expect(amount(15 * 60 * 1000, "ms")).toBe("15 min");
  expect(amount(32 * 1024, "bytes")).toBe("32 KB");
  expect(amount(1_024, "count")).toBe("1,024");
});

test("an operator's variable is given in its own unit: seconds for a time", () => {
  const rows = operatorVariablesTable().split("\n");
  expect(rows.find((row) => row.startsWith("| `RATE_LIMIT_WINDOW_SECONDS`"))).toMatch(/\| 900 +\|/);
  expect(rows.find((row) => row.startsWith("| `RATE_LIMIT_MAX`"))).toMatch(/\| 10 +\|/);
});
