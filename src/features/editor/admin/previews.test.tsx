import { render, screen } from "@testing-library/react";
import React from "react";
import { previewTemplates, siteDate } from "./previews.mjs";

const { posts: PostPreview, services: ServicePreview } = previewTemplates(React.createElement);

/** An entry as Decap hands it to a template: its data behind get("data").toJS(). */
const entry = (data: Record<string, unknown>) => ({ get: () => ({ toJS: () => data }) });
/** The body's own preview, as Decap's Markdown widget renders it. */
const widgetFor = () => <h2>What landlords must do</h2>;

const post = {
  title: "Maryland's Tenant Mold Protection Act",
  description: "What landlords must do since July 1, 2025.",
  date: "2025-07-08",
  updated: "2026-11-23",
  lastReviewed: "2026-11-23",
  author: "Daniel Reyes",
  topics: ["mold", "maryland-law"],
  related: ["mold"],
  sources: [{ label: "SB 856 (2025)", url: "https://mgaleg.maryland.gov/sb856" }],
  body: "## What landlords must do",
};

test("dates read as the site writes them", () => {
  expect(siteDate("2025-07-08")).toBe("July 8, 2025");
  expect(siteDate("2026-12-01")).toBe("December 1, 2026");
  expect(siteDate(undefined)).toBe("");
});

test("a post's preview shows what a reader sees, and no ids or addresses", () => {
  const { container } = render(<PostPreview entry={entry(post)} widgetFor={widgetFor} getAsset={() => null} />);
  expect(screen.getByRole("heading", { level: 1, name: post.title })).toBeInTheDocument();
  expect(screen.getByText(post.description)).toBeInTheDocument();
  expect(screen.getByText("July 8, 2025")).toBeInTheDocument();
  expect(screen.getByText("Updated November 23, 2026")).toBeInTheDocument();
  expect(screen.getByText("By Daniel Reyes")).toBeInTheDocument();
  expect(screen.getByRole("heading", { level: 2, name: "What landlords must do" })).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "SB 856 (2025)" })).toHaveAttribute("href", post.sources[0]!.url);
  expect(container.textContent).not.toMatch(/https?:|maryland-law|\bmold\b(?! Protection)/i);
});

test("a service page's preview shows its summary and key facts", () => {
  render(
    <ServicePreview
      entry={entry({ title: "Radon testing", summary: "A 48-hour test.", duration: "Two days", sources: [] })}
      widgetFor={widgetFor}
      getAsset={() => null}
    />,
  );
  expect(screen.getByRole("heading", { level: 1, name: "Radon testing" })).toBeInTheDocument();
  expect(screen.getByText("A 48-hour test.")).toBeInTheDocument();
  expect(screen.getByText("How long it takes")).toBeInTheDocument();
  expect(screen.getByText("Two days")).toBeInTheDocument();
  expect(screen.queryByText("Sources")).toBeNull();
});
