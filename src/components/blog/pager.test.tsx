import { render, screen, within } from "@testing-library/react";
import React from "react";
import { Pager } from "./pager";

jest.mock("gatsby");

const links = () =>
  within(screen.getByRole("navigation", { name: "Blog pages" }))
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href"), link.getAttribute("aria-current")]);

describe("Pager", () => {
  it("shows nothing when every post fits on one page", () => {
    const { container } = render(<Pager page={1} pages={1} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("leads from the first page to the older ones", () => {
    render(<Pager page={1} pages={101} />);
    expect(links()).toEqual([
      ["1", "/blog", "page"],
      ["2", "/blog/2", null],
      ["101", "/blog/101", null],
      ["Older posts", "/blog/2", null],
    ]);
  });

  it("leads both ways from a middle page, and names each number as a page", () => {
    render(<Pager page={50} pages={101} />);
    expect(links().map(([text, href]) => `${text} ${href}`)).toEqual([
      "Newer posts /blog/49",
      "1 /blog",
      "49 /blog/49",
      "50 /blog/50",
      "51 /blog/51",
      "101 /blog/101",
      "Older posts /blog/51",
    ]);
    expect(screen.getByRole("link", { name: "Page 50" })).toHaveAttribute("aria-current", "page");
  });
});
