/**
 * The desk's "Attention" view: across every booking, the e-mails not delivered, the bookings to come
 * whose agreement is not signed, and people's requests about their data. A booking in it opens on
 * the board at its day; an unsigned one can have its signing link sent again from here.
 */
import { inspectorName, type Inspector } from "../../booking/shared";
import { useQuery } from "@tanstack/react-query";
import React from "react";
import { readApiError } from "../../../lib/http/api-error";
import type { BookingToOpen, DeskAttention } from "../shared/desk-attention";
import { buttonStyles } from "../../../components/ui/button";

export const ATTENTION_KEY = ["/api/desk/attention"];

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const CARD = "space-y-1 rounded-lg border border-slate-300 bg-white p-3 text-sm [overflow-wrap:anywhere]";

export function AttentionView({
  busy,
  inspectors,
  onOpen,
  onResendSigning,
}: {
  busy: boolean;
  inspectors: readonly Inspector[];
  onOpen: (booking: BookingToOpen) => void;
  onResendSigning: (reference: string) => void;
}) {
  const attention = useQuery<DeskAttention>({ queryKey: ATTENTION_KEY });
  if (attention.isError) return <p role="alert">{readApiError(attention.error).message}</p>;
  if (!attention.data) return <p role="status">Reading what needs attention…</p>;
  const { since, failedMails, unsigned, refunds, dataRequests } = attention.data;
  const open = (booking: BookingToOpen) => (
    <button type="button" className={buttonStyles({ variant: "secondary" })} onClick={() => onOpen(booking)}>
      Open booking {booking.reference}
    </button>
  );
  return (
    <div className="space-y-6">
      <Section id="attention-mails" title={`E-mails not delivered (${since})`}>
        {failedMails.length ? (
          <ul className="space-y-2">
            {failedMails.map((mail, index) => (
              <li key={index} className={CARD}>
                <p className="font-semibold">{mail.subject}</p>
                <p>
                  To {mail.to}, sent {mail.sent}: not delivered.
                </p>
                <p className="text-slate-700">The mail server said: {mail.why}</p>
                {mail.booking && <div className="pt-1">{open(mail.booking)}</div>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700">Every e-mail was delivered or is waiting to be sent.</p>
        )}
      </Section>
      <Section id="attention-refunds" title={`Money given back (${since})`}>
        {refunds.length ? (
          <ul className="space-y-2">
            {refunds.map((refund, index) => (
              <li key={index} className={CARD}>
                <p className="font-semibold">
                  {refund.amount} for {refund.reference}: {refund.why}
                </p>
                <p className={refund.stuck ? "font-semibold text-red-800" : "text-slate-700"}>
                  Owed {refund.owed}; {refund.standing}
                </p>
                {refund.booking && <div className="pt-1">{open(refund.booking)}</div>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700">
            No payment was given back other than by a cancellation, and no refund is stuck.
          </p>
        )}
      </Section>
      <Section id="attention-unsigned" title="Bookings to come with the agreement not signed yet">
        {unsigned.length ? (
          <ul className="space-y-2">
            {unsigned.map((booking) => (
              <li key={booking.reference} className={CARD}>
                <p className="font-semibold">{booking.when}</p>
                <p>
                  {booking.reference} · {inspectorName(inspectors, booking.inspector)} ·{" "}
                  {booking.client || "client not kept"} ({booking.standing})
                </p>
                <p className="text-slate-700">The signing link goes to {booking.clientEmail || "no address kept"}.</p>
                <div className="flex flex-wrap gap-2 pt-1">
                  {open(booking)}
                  <button
                    type="button"
                    className={buttonStyles({ variant: "secondary" })}
                    disabled={busy}
                    onClick={() => onResendSigning(booking.reference)}
                  >
                    Resend the signing link
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700">Every booking to come has its agreement signed.</p>
        )}
      </Section>
      <Section id="attention-data" title={`Requests to see or delete data (${since})`}>
        {dataRequests.length ? (
          <ul className="space-y-2">
            {dataRequests.map((request, index) => (
              <li key={index} className={CARD}>
                <p className="font-semibold">{request.asked}</p>
                <p>{request.when}</p>
                <p className={request.answered ? "text-slate-700" : "text-red-700"}>{request.answer}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700">No one asked about their data.</p>
        )}
      </Section>
    </div>
  );
}
