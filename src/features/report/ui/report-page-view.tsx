/** The report page's content: the report's standing read with the link's token (report-status.tsx). */
import { useQuery } from "@tanstack/react-query";
import React from "react";
import type { ReportView } from "../shared/report-view";
import { LinkedRecordStatus } from "../../../components/layout/linked-record-status";
import { ReportStatus } from "./report-status";

export function ReportPageView({ token, phone }: { token: string; phone: string }) {
  const address = `/api/report?token=${encodeURIComponent(token)}`;
  const { data, error } = useQuery<ReportView>({ queryKey: [address], enabled: Boolean(token) });
  if (!data) return <LinkedRecordStatus token={token} error={error} phone={phone} finding="your report" />;
  return <ReportStatus view={data} downloadHref={`${address}&download=1`} />;
}
