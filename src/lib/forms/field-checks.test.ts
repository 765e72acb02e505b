import { isMarylandZip } from "./field-checks";

it("knows Maryland's ZIP range", () => {
  expect(["20601", "21403", "21930"].every(isMarylandZip)).toBe(true);
  expect(["20600", "21931", "22101", "2140a"].some(isMarylandZip)).toBe(false);
});
