/**
 * A visitor's own booking, reached by the signed link in its confirmation: where it stands, and
 * what can be done with it (keep a pending time, move, cancel). Moving and cancelling ask first;
 * every change ends on a page that says what happened (booking-outcome.tsx).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import React, { useState } from "react";
import { readApiError } from "../../../lib/http/api-error";
import { apiRequest } from "../../../lib/http/api-request";
import type { BookingAction, BookingChange, ManagedBooking } from "../shared/managed-booking";
import { toast } from "../../../lib/ui/toast-store";
import { LinkedRecordStatus } from "../../../components/layout/linked-record-status";
import { PhoneLink } from "../../../components/layout/phone-link";
import { AgentReportChoice } from "./agent-report-choice";
import { BookingOutcome } from "./booking-outcome";
import { BookingPayment } from "./booking-payment";
import { BookingSummary } from "./booking-summary";
import { MoveBooking } from "./move-booking";

/** Whether a booking back from Stripe's page still waits for the webhook to record its payment. */
const awaitingPayment = (booking: ManagedBooking | undefined, paidOnStripe: boolean) =>
  paidOnStripe &&
  booking?.payment.live === true &&
  booking.payment.state !== "paid" &&
  booking.payment.state !== "part-paid";

export function ManageBooking({
  token,
  phone,
  paidOnStripe = false,
}: {
  token: string;
  phone: string;
  paidOnStripe?: boolean;
}) {
  const key = [`/api/booking?token=${encodeURIComponent(token)}`];
  const queryClient = useQueryClient();
  const { data, isPending, error } = useQuery<ManagedBooking>({
    queryKey: key,
    enabled: Boolean(token),
    // Stripe's webhook usually lands within seconds of the return: read again until it has.
    refetchInterval: (query) => (awaitingPayment(query.state.data, paidOnStripe) ? 2000 : false),
  });
  const [moving, setMoving] = useState(false);
  const [done, setDone] = useState<BookingChange | null>(null);
  const change = useMutation({
    mutationFn: async (body: BookingAction) =>
      (await (await apiRequest("POST", "/api/booking", { token, ...body })).json()) as ManagedBooking,
    onSuccess: (after, body) => {
      // The agent's access to the report is said where it was chosen; a change of the time ends on its own page.
      if (data && body.action !== "agent-report") setDone({ action: body.action, before: data, after });
      queryClient.setQueryData(key, after);
      setMoving(false);
    },
    onError: (failure) => {
      toast({ title: "Nothing was changed", description: readApiError(failure).message, variant: "error" });
      // A time taken meanwhile: the picker reads the open times of this job afresh.
      void queryClient.invalidateQueries({ queryKey: ["/api/availability"] });
    },
  });

  if (!token || error || isPending || !data) {
    return <LinkedRecordStatus token={token} error={error} phone={phone} finding="your booking" />;
  }
  if (done) return <BookingOutcome change={done} phone={phone} />;
  return (
    <div className="space-y-6">
      <BookingSummary
        booking={data}
        busy={change.isPending}
        moving={moving}
        onToggleMove={() => setMoving((open) => !open)}
        onAction={(action) => change.mutate(action)}
      />
      <BookingPayment payment={data.payment} token={token} confirming={awaitingPayment(data, paidOnStripe)} />
      {data.agentReport && (
        <AgentReportChoice
          choice={data.agentReport}
          busy={change.isPending}
          onChoose={(consent) => change.mutate({ action: "agent-report", consent })}
        />
      )}
      {moving && data.changeable && (
        <MoveBooking
          booking={data}
          busy={change.isPending}
          onMove={(start) => change.mutate({ action: "move", start })}
        />
      )}
      <PhoneLink phone={phone} className="-ml-3" />
    </div>
  );
}
