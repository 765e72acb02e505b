/**
 * Shown once the business has the request: what was booked, from when until when, where, which
 * e-mails are on their way, the reference and the phone.
 */
import React from "react";
import { bookedSpanText } from "../../../lib/maryland-time/booked-time";
import { marylandTimeText } from "../shared/managed-booking";
import { agentRoleOf } from "../shared/agent-copy";
import { formatCents } from "../../../lib/text/format";
import type { Quote } from "../../../lib/pricing/quote";
import type { ScheduleFormValues } from "../../../lib/request-schemas";
import { SentHeading } from "../../../components/forms/sent-heading";
import { PhoneLink } from "../../../components/layout/phone-link";
import { EmailAddress } from "../../../components/ui/email-address";
import { CalendarLink } from "./calendar-link";
import { QuotePanel } from "./quote-panel";

/** A booked time as the 201 answer gives it; none for a request for a call-back. */
export interface BookedTime {
  start: string;
  when: string;
  invite: string;
  onSiteMinutes: number;
  /** "pending" while it waits for the visitor to confirm it from the e-mail, by `confirmBy`. */
  status?: "pending" | "booked";
  confirmBy?: string;
  /** How long the time is held once the confirmation e-mail arrives, when `confirmBy` is not known yet. */
  confirmWithinMinutes?: number;
  /** The client's signing page; absent when an agent booked (the agreement is the client's to sign). */
  agreementPath?: string;
  /** The "pay now" link and what it asks, when the site takes payment online. */
  pay?: { path: string; cents: number };
}

interface ScheduleConfirmationProps {
  reference: string;
  quote: Quote;
  values: Pick<ScheduleFormValues, "email" | "agentEmail" | "bookedByAgent" | "copyAgent" | "street" | "city" | "zip">;
  confirmationQueued: boolean;
  phone: string;
  booking?: BookedTime;
}

/**
 * What the answer is, in the words of what it says below: a time waiting for the visitor's
 * confirmation is held, not booked.
 */
export function resultHeading(booking: BookedTime | undefined): string {
  if (!booking) return "Request sent";
  return booking.status === "pending" ? "Time held for you" : "Inspection booked";
}

/** The services of the quote, as its lines name them. */
const servicesOf = (quote: Quote) =>
  quote.lines.filter((line) => ["base", "add-on", "water"].includes(line.kind)).map((line) => line.label);

export function ScheduleConfirmation(props: ScheduleConfirmationProps) {
  const { reference, quote, values, booking, phone } = props;
  return (
    <div className="space-y-6">
      <div className="rounded-xl border border-brand-200 bg-white p-6 shadow-sm">
        <SentHeading>{resultHeading(booking)}</SentHeading>
        <dl className="mt-4 grid gap-x-4 gap-y-2 text-slate-800 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">What</dt>
          <dd>{servicesOf(quote).join("; ")}</dd>
          {booking && (
            <>
              <dt className="font-semibold">When</dt>
              <dd>{bookedSpanText(booking.start, booking.onSiteMinutes)} (Maryland time)</dd>
            </>
          )}
          <dt className="font-semibold">Where</dt>
          <dd>
            {values.street}, {values.city}, MD {values.zip}
          </dd>
        </dl>
        <p className="mt-4 text-lg text-slate-800">
          Your reference is <strong className="font-mono tracking-wide whitespace-nowrap">{reference}</strong>.
        </p>
        {booking && <CalendarLink invite={booking.invite} reference={reference} className="mt-4" />}
        <WhatHappensNext {...props} />
        <p className="mt-6 text-slate-700">Questions in the meantime? Call us and quote your reference.</p>
        <PhoneLink phone={phone} className="-ml-3 mt-1" />
      </div>
      <QuotePanel estimate={{ quote, missing: [] }} />
    </div>
  );
}

/**
 * Until when the visitor keeps a held time. The window starts when the e-mail is delivered, which
 * the answer cannot know yet; if it arrives now, it ends at the time named.
 */
function keepBy(booking: BookedTime): string {
  if (booking.confirmBy) return `by ${marylandTimeText(booking.confirmBy)} (Maryland time)`;
  const minutes = booking.confirmWithinMinutes;
  if (!minutes) return "soon";
  const within = minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? "" : "s"}` : `${minutes} minutes`;
  const ifNow = marylandTimeText(new Date(Date.now() + minutes * 60_000).toISOString());
  return `within ${within} of its arrival (by ${ifNow}, Maryland time, if it arrives now)`;
}

/** The e-mails on their way, and what the visitor and the office do next. */
function WhatHappensNext({ values, confirmationQueued, booking }: ScheduleConfirmationProps) {
  // The agent who booked, or the agent the client asked us to copy.
  const agent = agentRoleOf(values) ? values.agentEmail : null;
  return (
    <>
      <h3 className="mt-6 font-semibold text-slate-900">What happens next</h3>
      <ol className="mt-2 list-decimal space-y-1 pl-6 text-slate-700">
        {confirmationQueued ? (
          <li>
            A confirmation e-mail is on its way to <EmailAddress address={values.email} />
            {agent ? (
              <>
                {" "}
                and a copy to <EmailAddress address={agent} />
              </>
            ) : null}
            {booking ? ", with the invitation and a link to move or cancel the booking" : ""}. The office has it too.
          </li>
        ) : (
          <li>No confirmation e-mail is sent: please keep your reference. The office has your request.</li>
        )}
        {booking?.status === "pending" && (
          <li>
            Open the link in that e-mail and choose &ldquo;Keep this time&rdquo; {keepBy(booking)}; otherwise the time
            is released for others.
          </li>
        )}
        {!booking && <li>We call or e-mail you within one business day to agree the date and time.</li>}
        {booking?.pay ? (
          <li>
            <a href={booking.pay.path} className="font-semibold text-brand-700 underline">
              Pay {formatCents(booking.pay.cents)} now
            </a>{" "}
            by card on our payment provider Stripe&rsquo;s page (the link is in the confirmation e-mail too).
          </li>
        ) : (
          booking && <li>You pay at the inspection.</li>
        )}
        {booking?.agreementPath ? (
          <li>
            Before the visit, the client reads and signs the inspection agreement:{" "}
            <a href={booking.agreementPath} className="font-semibold text-brand-700 underline">
              read and sign the agreement
            </a>{" "}
            (the link is in the confirmation e-mail too).
          </li>
        ) : (
          <li>
            {booking
              ? "The client signs the inspection agreement from the link in their confirmation e-mail before the visit."
              : "We send the inspection agreement to sign before the visit."}
          </li>
        )}
      </ol>
    </>
  );
}
