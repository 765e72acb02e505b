import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import React from "react";
import { mockStaticQueries, navigationContent, siteContent } from "../../test-utils/site-fixture";
import { Header } from "./header";

jest.mock("gatsby");

beforeEach(mockStaticQueries);

function desktopNav() {
  // The header's own navigation; the drawer's appears only once it is opened.
  return screen.getByRole("navigation", { name: "Main" });
}

describe("Header", () => {
  it("shows the logo, the spec's links, the phone link and the schedule button", () => {
    render(<Header pathname="/" />);
    expect(screen.getByRole("link", { name: `${siteContent.name}, home` })).toHaveAttribute("href", "/");
    const links = within(desktopNav()).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Home", "/"],
      ["Services", "/services"],
      ["Blog", "/blog"],
      ["About Us", "/about"],
      ["FAQ", "/faq"],
      ["Contact", "/contact"],
    ]);
    expect(screen.getByRole("link", { name: siteContent.phone })).toHaveAttribute("href", "tel:+14105550142");
    expect(screen.getByRole("link", { name: "Schedule Inspection" })).toHaveAttribute("href", "/schedule");
  });

  it("leads to search from every page, a full page load, marked on the search page itself", () => {
    const { rerender } = render(<Header pathname="/services/radon" />);
    const search = screen.getByRole("link", { name: "Search the site" });
    expect(search).toHaveAttribute("href", "/search");
    expect(search).not.toHaveAttribute("aria-current");
    rerender(<Header pathname="/search" />);
    expect(screen.getByRole("link", { name: "Search the site" })).toHaveAttribute("aria-current", "page");
  });

  it("marks the current page's link, and its section's link on a page below it", () => {
    const { rerender } = render(<Header pathname="/faq" />);
    expect(within(desktopNav()).getByRole("link", { name: "FAQ" })).toHaveAttribute("aria-current", "page");
    expect(within(desktopNav()).getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");

    rerender(<Header pathname="/services/radon" />);
    expect(within(desktopNav()).getByRole("link", { name: "Services" })).toHaveAttribute("aria-current", "true");
    expect(within(desktopNav()).getByRole("link", { name: "FAQ" })).not.toHaveAttribute("aria-current");
  });

  it("opens the drawer from the menu button with the same links, phone and button", async () => {
    const user = userEvent.setup();
    render(<Header pathname="/about" />);
    const menuButton = screen.getByRole("button", { name: "Open menu" });
    expect(menuButton).toHaveAttribute("aria-expanded", "false");

    await user.click(menuButton);
    const drawer = await screen.findByRole("dialog", { name: "Menu" });
    expect(menuButton).toHaveAttribute("aria-expanded", "true");
    expect(
      within(drawer)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual([...navigationContent.map((link) => link.href), "tel:+14105550142", "/schedule"]);
    expect(within(drawer).getByRole("link", { name: "About Us" })).toHaveAttribute("aria-current", "page");
  });

  it("closes the drawer when a link is chosen", async () => {
    // Gatsby's router would handle the click; jsdom cannot navigate, so the default is stopped.
    const stopNavigation = (event: MouseEvent) => event.preventDefault();
    document.addEventListener("click", stopNavigation);
    const user = userEvent.setup();
    render(<Header pathname="/" />);
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const drawer = await screen.findByRole("dialog", { name: "Menu" });
    await user.click(within(drawer).getByRole("link", { name: "Blog" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    document.removeEventListener("click", stopNavigation);
  });

  it("closes the drawer with the close control and returns focus to the menu button", async () => {
    const user = userEvent.setup();
    render(<Header pathname="/" />);
    const menuButton = screen.getByRole("button", { name: "Open menu" });
    await user.click(menuButton);
    const drawer = await screen.findByRole("dialog", { name: "Menu" });
    await user.click(within(drawer).getByRole("button", { name: "Close menu" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(menuButton).toHaveFocus();
  });

  it("closes the drawer when the page changes by other means", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Header pathname="/" />);
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    await screen.findByRole("dialog", { name: "Menu" });
    rerender(<Header pathname="/faq" />);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
