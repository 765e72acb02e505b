import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import React from "react";
import type { DeskItem } from "../shared/desk-item";
import { ReportPanel } from "./report-panel";

jest.mock("gatsby");

const visited = { reference: "SR-20261201-ABC123", agreement: null, report: null } as unknown as DeskItem;

const panel = (reportsOff: string | null, item: DeskItem = visited) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ReportPanel item={item} busy={false} reportsOff={reportsOff} onRelease={() => undefined} />
    </QueryClientProvider>,
  );

const withReport = (withheld: Array<"sign" | "pay">, released: { by: string; at: string } | null) =>
  ({
    ...visited,
    report: { size: 1024, uploaded: "December 1, 2026, 2 pm", withheld, released, downloads: [] },
  }) as unknown as DeskItem;

describe("a visit's report on the desk", () => {
  it("offers the upload where the deploy keeps reports", () => {
    panel(null);
    expect(screen.getByLabelText("Report (PDF)")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upload the report" })).toBeInTheDocument();
  });

  it("says reports are not switched on, and how, where the deploy has no store for them", () => {
    panel("Reports are not switched on for this site: set REPORTS_S3_BUCKET…");
    expect(screen.getByText(/^Reports are not switched on for this site: set REPORTS_S3_BUCKET/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Upload the report" })).not.toBeInTheDocument();
  });

  it('offers "Release anyway" only while the report page withholds the report, saying why', () => {
    panel(null, withReport(["sign", "pay"], null));
    expect(screen.getByText(/waits for the client's signature and the balance/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Release anyway" })).toBeInTheDocument();
  });

  it('offers no "Release anyway" once released, or once signed and paid', () => {
    panel(null, withReport([], { by: "office@example.com", at: "December 1, 2026, 3 pm" }));
    expect(screen.getByText(/released before signing or paying by office@example.com/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Release anyway" })).not.toBeInTheDocument();
    cleanup();
    panel(null, withReport([], null));
    expect(screen.queryByRole("button", { name: "Release anyway" })).not.toBeInTheDocument();
  });
});
