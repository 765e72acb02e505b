/**
 * The agent's page, signed in: the bookings that name them, to come and of the last 12 months,
 * each in the client's words, and the three things an agent may do: book for a client, send the
 * client their link again, download a report the client shares once it is released.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import React from "react";
import { readApiError } from "../../../lib/http/api-error";
import { apiRequest } from "../../../lib/http/api-request";
import { buttonStyles } from "../../../components/ui/button";
import type { AgentBookingView, AgentPage } from "../shared/agent-view";

const yesNo = (value: boolean) => (value ? "yes" : "not yet");

const REPORT_WORDS: Record<AgentBookingView["report"], string> = {
  "not-ready": "not ready yet",
  withheld: "written, not yet released to the client",
  ready: "ready",
};

function Resend({ booking, what }: { booking: AgentBookingView; what: "signing" | "pay" }) {
  const send = useMutation({
    mutationFn: () => apiRequest("POST", `/api/agent/resend-${what}`, { reference: booking.reference }),
  });
  const label = what === "signing" ? "Send the client the signing link again" : "Send the client the pay link again";
  return (
    <div>
      <button
        type="button"
        className={buttonStyles({ variant: "secondary", size: "compact" })}
        disabled={send.isPending || send.isSuccess}
        onClick={() => send.mutate()}
      >
        {label}
      </button>
      {send.isSuccess && (
        <p role="status" className="mt-1 text-sm text-brand-900">
          Sent to your client&apos;s own address.
        </p>
      )}
      {send.isError && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {readApiError(send.error).message}
        </p>
      )}
    </div>
  );
}

function BookingCard({ booking }: { booking: AgentBookingView }) {
  const report = booking.reportShared
    ? REPORT_WORDS[booking.report]
    : `${REPORT_WORDS[booking.report]}; the client has not shared it with you`;
  return (
    <li className="rounded-xl border border-slate-300 bg-white p-4" aria-labelledby={`booking-${booking.reference}`}>
      <h3 id={`booking-${booking.reference}`} className="font-semibold text-slate-900">
        {booking.when}
      </h3>
      <p className="text-slate-700">{booking.property}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-slate-700">Client</dt>
        <dd>{booking.client}</dd>
        <dt className="font-medium text-slate-700">Where it stands</dt>
        <dd>{booking.state}</dd>
        <dt className="font-medium text-slate-700">Agreement signed</dt>
        <dd>{yesNo(booking.agreementSigned)}</dd>
        <dt className="font-medium text-slate-700">Fee</dt>
        <dd>{booking.payment}</dd>
        <dt className="font-medium text-slate-700">Report</dt>
        <dd>{report}</dd>
        <dt className="font-medium text-slate-700">Reference</dt>
        <dd>{booking.reference}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        {booking.canDownload && (
          <a
            className={buttonStyles({ size: "compact" })}
            href={`/api/agent/report?reference=${encodeURIComponent(booking.reference)}`}
          >
            Download the report
          </a>
        )}
        {booking.canResendSigning && <Resend booking={booking} what="signing" />}
        {booking.canResendPay && <Resend booking={booking} what="pay" />}
      </div>
    </li>
  );
}

function BookingList({ title, bookings, empty }: { title: string; bookings: AgentBookingView[]; empty: string }) {
  return (
    <section className="space-y-3" aria-labelledby={`agent-${title.replace(/\W+/g, "-").toLowerCase()}`}>
      <h2 id={`agent-${title.replace(/\W+/g, "-").toLowerCase()}`} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {bookings.length ? (
        <ul className="space-y-3">
          {bookings.map((booking) => (
            <BookingCard key={booking.reference} booking={booking} />
          ))}
        </ul>
      ) : (
        <p>{empty}</p>
      )}
    </section>
  );
}

export function AgentBoard({ page }: { page: AgentPage }) {
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: () => apiRequest("POST", "/api/agent/sign-out", {}),
    onSuccess: () => queryClient.setQueryData(["/api/agent/page"], null),
  });
  const upcoming = page.bookings.filter((booking) => booking.upcoming);
  const past = page.bookings.filter((booking) => !booking.upcoming).reverse();
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center gap-3">
        <p className="grow">Signed in as {page.mailbox}.</p>
        <a className={buttonStyles()} href={page.bookPath}>
          Book for a client
        </a>
        <button type="button" className={buttonStyles({ variant: "ghost" })} onClick={() => signOut.mutate()}>
          Sign out
        </button>
      </div>
      <p className="max-w-2xl text-slate-700">
        When you book for a client, the client gets the agreement to sign and the link to pay in their own name. You see
        the bookings that name you as the agent who booked or whom the client asked us to copy; the report only when the
        client shares it.
      </p>
      <BookingList title="To come" bookings={upcoming} empty="No inspection to come names you." />
      <BookingList title="The last 12 months" bookings={past} empty="No inspection of the last 12 months names you." />
    </div>
  );
}
