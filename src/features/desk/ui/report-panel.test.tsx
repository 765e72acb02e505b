import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import React from "react";
import type { DeskItem } from "../shared/desk-item";
import { ReportPanel } from "./report-panel";

jest.mock("gatsby");

const visited = { reference: "SR-20261201-ABC123", agreement: null, report: null } as unknown as DeskItem;

const panel = (reportsOff: string | null) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ReportPanel item={visited} busy={false} reportsOff={reportsOff} onRelease={() => undefined} />
    </QueryClientProvider>,
  );

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
});
