/** No placeholder text reaches a visitor, on any page of the built site. */
import { builtRoutes, readPage } from "../support/built-site";

const placeholders = /\blorem\b|\bipsum\b|\bTODO\b|\bTBD\b|\bFIXME\b|example text|\[insert|placeholder text/i;

test.each(builtRoutes())("$route has no placeholder text", ({ file }) => {
  const document = readPage(file);
  document.querySelectorAll("script, style").forEach((element) => element.remove());
  const text = document.querySelector("body")!.textContent.replace(/\s+/g, " ");
  expect(text.length).toBeGreaterThan(500);
  expect(text).not.toMatch(placeholders);
});
