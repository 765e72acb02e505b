import React from "react";
import { render, screen } from "@testing-library/react";
import { TableOfContents } from "./table-of-contents";

const sections = [
  { id: "why-test", title: "Why test" },
  { id: "radon-in-maryland", title: "Radon in Maryland" },
];

test("lists the copy's sections, each linked to its heading", () => {
  render(<TableOfContents sections={sections} />);
  const list = screen.getByRole("navigation", { name: "On this page" });
  expect(Array.from(list.querySelectorAll("a")).map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
    ["Why test", "#why-test"],
    ["Radon in Maryland", "#radon-in-maryland"],
  ]);
});

test("a copy of one section has no list", () => {
  const { container } = render(<TableOfContents sections={sections.slice(0, 1)} />);
  expect(container).toBeEmptyDOMElement();
});
