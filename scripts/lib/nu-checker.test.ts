/**
 * @jest-environment node
 *
 * What the Nu checker's report may set aside: the three CSS features it does not know, exactly,
 * and nothing else, CSS or HTML. (The checker itself runs on the built site: npm run validate:html.)
 */
import { existsSync } from "node:fs";
import { isUnknownCss, VNU_JAR } from "./nu-checker";

const error = (message: string) => ({ type: "error", message });

test("the CSS the checker does not know is set aside, message by message", () => {
  expect(isUnknownCss(error("CSS: Unrecognized at-rule '@property'."))).toBe(true);
  expect(isUnknownCss(error("CSS: 'margin-trim': Property 'margin-trim' doesn't exist."))).toBe(true);
  expect(
    isUnknownCss(error("CSS: 'transition-property': '--tw-gradient-from' is not a 'transition-property' value.")),
  ).toBe(true);
});

test("every other error counts, CSS or HTML", () => {
  expect(isUnknownCss(error("CSS: Unrecognized at-rule '@nonsense'."))).toBe(false);
  expect(isUnknownCss(error("CSS: 'colour': Property 'colour' doesn't exist."))).toBe(false);
  expect(isUnknownCss(error("CSS: 'transition-property': '12px' is not a 'transition-property' value."))).toBe(false);
  expect(isUnknownCss(error("Bad value 'combobox' for attribute 'role' on element 'input'."))).toBe(false);
  expect(isUnknownCss(error("Attribute 'aria-expanded' not allowed on element 'input' at this point."))).toBe(false);
});

test("the checker's jar is where the script looks for it", () => {
  expect(existsSync(VNU_JAR)).toBe(true);
});
