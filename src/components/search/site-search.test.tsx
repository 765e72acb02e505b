import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { navigate } from "gatsby";
import React from "react";
import { searchSite, type PagefindResultData } from "./pagefind";
import { SiteSearch } from "./site-search";

jest.mock("gatsby");
jest.mock("./pagefind");

/** Twelve matching pages, as Pagefind gives them: a count at once, each page's data when read. */
const pages: PagefindResultData[] = Array.from({ length: 12 }, (_, at) => ({
  url: `/services/page-${at + 1}/`,
  excerpt: `about <mark>radon</mark> ${at + 1}`,
  meta: { title: `Page ${at + 1}` },
}));

beforeEach(() => {
  window.history.replaceState(null, "", "/search");
  jest.mocked(searchSite).mockResolvedValue({
    total: pages.length,
    read: (start, count) => Promise.resolve(pages.slice(start, start + count)),
  });
  // jsdom lays nothing out, so it has no scrolling.
  Element.prototype.scrollIntoView = jest.fn();
});

const status = () => within(screen.getByRole("search")).getByRole("status");
const titles = () => screen.queryAllByRole("option").map((option) => option.querySelector("span")?.textContent);

describe("SiteSearch", () => {
  it("shows the first ten results, then the rest on request, focusing the first new one", async () => {
    const user = userEvent.setup();
    render(<SiteSearch />);
    await user.type(screen.getByRole("combobox", { name: /Search services/ }), "radon");
    await screen.findByText(/12 pages match “radon”, the first 10 shown\./);
    expect(titles()).toHaveLength(10);

    await user.tab();
    const more = screen.getByRole("button", { name: "Show 2 more results" });
    expect(more).toHaveFocus();
    await user.keyboard("{Enter}");

    await screen.findByText(/12 pages match “radon”, all 12 shown\./);
    expect(titles()).toEqual(pages.map((page) => page.meta.title));
    expect(screen.queryByRole("button", { name: /more result/ })).not.toBeInTheDocument();
    const firstNew = screen.getByRole("option", { name: /Page 11/ });
    expect(firstNew).toHaveFocus();
    expect(firstNew).toHaveAttribute("aria-selected", "true");
    // The count is in the status line, which a screen reader announces when it changes.
    expect(status()).toHaveTextContent(/^12 pages match “radon”, all 12 shown\./);
  });

  it("hands the arrows and Enter from a focused result back to the field", async () => {
    const user = userEvent.setup();
    render(<SiteSearch />);
    const field = screen.getByRole("combobox", { name: /Search services/ });
    await user.type(field, "radon");
    await user.click(await screen.findByRole("button", { name: "Show 2 more results" }));
    await screen.findByText(/all 12 shown/);

    await user.keyboard("{ArrowDown}");
    expect(field).toHaveFocus();
    const last = screen.getByRole("option", { name: /Page 12/ });
    expect(field).toHaveAttribute("aria-activedescendant", last.id);
    await user.keyboard("{Enter}");
    expect(navigate).toHaveBeenCalledWith("/services/page-12");
  });

  it("names the number the button adds when fewer than ten are left", async () => {
    const user = userEvent.setup();
    jest.mocked(searchSite).mockResolvedValue({
      total: 21,
      read: (start, count) =>
        Promise.resolve(
          Array.from({ length: Math.min(count, 21 - start) }, (_, at) => ({
            url: `/p${start + at}/`,
            excerpt: "",
            meta: { title: `P${start + at}` },
          })),
        ),
    });
    render(<SiteSearch />);
    await user.type(screen.getByRole("combobox", { name: /Search services/ }), "test");
    await user.click(await screen.findByRole("button", { name: "Show 10 more results" }));
    await user.click(await screen.findByRole("button", { name: "Show 1 more result" }));
    await screen.findByText(/21 pages match “test”, all 21 shown\./);
  });
});
