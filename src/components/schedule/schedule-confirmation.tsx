import React, { useEffect, useState } from "react";
import { cn } from "../../lib/cn";
import type { Quote } from "../../lib/quote";
import { SentHeading } from "../forms/sent-heading";
import { PhoneLink } from "../layout/phone-link";
import { buttonStyles } from "../ui/button";
import { QuotePanel } from "./quote-panel";

interface ScheduleConfirmationProps {
  reference: string;
  quote: Quote;
  email: string;
  confirmationQueued: boolean;
  phone: string;
  /** A booked time, in words and as a calendar file; none for a request for a call-back. */
  booking?: { start: string; when: string; invite: string };
}

/** The booking's calendar file as a link the browser downloads ("Add to calendar"). */
function useCalendarLink(invite: string | undefined): string | null {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    if (!invite) return;
    const url = URL.createObjectURL(new Blob([invite], { type: "text/calendar" }));
    // eslint-disable-next-line react-hooks/set-state-in-effect -- an object URL exists only in the browser, after render
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [invite]);
  return href;
}

/** Shown once the business has the request: the reference, the time or what happens next, and the phone. */
export function ScheduleConfirmation({
  reference,
  quote,
  email,
  confirmationQueued,
  phone,
  booking,
}: ScheduleConfirmationProps) {
  const calendarHref = useCalendarLink(booking?.invite);
  return (
    <div className="space-y-6">
      <div className="rounded-xl border border-brand-200 bg-white p-6 shadow-sm">
        <SentHeading>{booking ? "Inspection booked" : "Request sent"}</SentHeading>
        {booking && (
          <p className="mt-3 text-lg text-slate-800">
            <strong>{booking.when}</strong> (Maryland time) is yours.
          </p>
        )}
        <p className="mt-3 text-lg text-slate-800">
          Your reference is <strong className="font-mono tracking-wide">{reference}</strong>.
        </p>
        {booking && calendarHref && (
          <a
            href={calendarHref}
            download={`inspection-${reference}.ics`}
            className={cn(buttonStyles({ variant: "secondary" }), "mt-4")}
          >
            Add to calendar
          </a>
        )}
        <h3 className="mt-6 font-semibold text-slate-900">What happens next</h3>
        <ol className="mt-2 list-decimal space-y-1 pl-6 text-slate-700">
          {confirmationQueued && (
            <li>
              A confirmation is on its way to {email}
              {booking ? ", with the invitation and a link to cancel or move the booking" : ""}.
            </li>
          )}
          {!booking && <li>We call or e-mail you within one business day to agree the date and time.</li>}
          <li>We send the inspection agreement to sign before the visit.</li>
        </ol>
        <p className="mt-6 text-slate-700">Questions in the meantime? Call us and quote your reference.</p>
        <PhoneLink phone={phone} className="-ml-3 mt-1" />
      </div>
      <QuotePanel estimate={{ quote, missing: [] }} />
    </div>
  );
}
