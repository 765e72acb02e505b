/** The report page's content: the report's standing read with the link's token (report-status.tsx). */
import { useQuery } from "@tanstack/react-query";
import React from "react";
import type { ReportView } from "../shared/report-view";
import { LinkedRecordStatus } from "../../../components/layout/linked-record-status";
import { ReportStatus } from "./report-status";

/** Whether the page, back from Stripe's page, still waits for the webhook to record the payment. */
const awaitingPayment = (view: ReportView | undefined, paidOnStripe: boolean) =>
  paidOnStripe && view?.state === "withheld" && view.missing.some((step) => step.what === "pay");

export function ReportPageView({
  token,
  phone,
  paidOnStripe = false,
}: {
  token: string;
  phone: string;
  paidOnStripe?: boolean;
}) {
  const address = `/api/report?token=${encodeURIComponent(token)}`;
  const { data, error } = useQuery<ReportView>({
    queryKey: [address],
    enabled: Boolean(token),
    // Stripe's webhook usually lands within seconds of the return: read again until it has.
    refetchInterval: (query) => (awaitingPayment(query.state.data, paidOnStripe) ? 2000 : false),
  });
  if (!data) return <LinkedRecordStatus token={token} error={error} phone={phone} finding="your report" />;
  return (
    <ReportStatus view={data} downloadHref={`${address}&download=1`} confirming={awaitingPayment(data, paidOnStripe)} />
  );
}
