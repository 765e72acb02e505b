import { render, screen, within } from "@testing-library/react";
import React from "react";
import { mockStaticQueries, siteContent } from "../../test-utils/site-fixture";
import { Footer } from "./footer";

jest.mock("gatsby");

beforeEach(mockStaticQueries);

function linksIn(name: string) {
  return within(screen.getByRole("navigation", { name }))
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")]);
}

describe("Footer", () => {
  it("lists the eight services with the specification's labels and routes", () => {
    render(<Footer />);
    expect(linksIn("Services")).toEqual([
      ["Residential Inspection", "/services/residential"],
      ["Commercial Inspection", "/services/commercial"],
      ["Radon Testing", "/services/radon"],
      ["Mold Inspections", "/services/mold"],
      ["Sewer & Septic", "/services/sewer-septic"],
      ["Well Inspections", "/services/well-inspection"],
      ["Water Quality Analysis", "/services/water-quality"],
      ["Lead Paint Inspections", "/services/lead-paint-inspection"],
    ]);
  });

  it("lists the specification's four company pages, the areas served, the cancellation policy booking needs, and the privacy notice", () => {
    render(<Footer />);
    expect(linksIn("Company")).toEqual([
      ["About Us", "/about"],
      ["Areas We Serve", "/areas"],
      ["Frequently Asked Questions", "/faq"],
      ["Blog & Resources", "/blog"],
      ["Contact Us", "/contact"],
      ["Cancellation Policy", "/cancellation-policy"],
      ["Privacy", "/privacy"],
    ]);
  });

  it("gives the phone, e-mail, location, social links, copyright and licensing", () => {
    render(<Footer />);
    expect(screen.getByRole("link", { name: /\(410\) 555-0142/ })).toHaveAttribute("href", "tel:+14105550142");
    expect(screen.getByRole("link", { name: siteContent.email })).toHaveAttribute(
      "href",
      `mailto:${siteContent.email}`,
    );
    expect(screen.getAllByText(/Maryland, USA/).length).toBeGreaterThan(0);
    for (const network of ["Facebook", "Instagram", "LinkedIn", "YouTube"]) {
      expect(screen.getByRole("link", { name: network })).toHaveAttribute("href", expect.stringMatching(/^https:\/\//));
    }
    // From the year first published (content) to the year of the build (2026 in the fixture).
    expect(screen.getByText(/© 2025–2026 /)).toBeInTheDocument();
    expect(screen.getByText(/Licensed & Insured ·/)).toBeInTheDocument();
  });
});
