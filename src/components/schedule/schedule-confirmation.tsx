import React from "react";
import type { Quote } from "../../lib/quote";
import { SentHeading } from "../forms/sent-heading";
import { PhoneLink } from "../layout/phone-link";
import { QuotePanel } from "./quote-panel";

interface ScheduleConfirmationProps {
  reference: string;
  quote: Quote;
  email: string;
  confirmationQueued: boolean;
  phone: string;
}

/** Shown once the business has the request: the reference, what happens next, and the phone. */
export function ScheduleConfirmation({
  reference,
  quote,
  email,
  confirmationQueued,
  phone,
}: ScheduleConfirmationProps) {
  return (
    <div className="space-y-6">
      <div className="rounded-xl border border-brand-200 bg-white p-6 shadow-sm">
        <SentHeading>Request sent</SentHeading>
        <p className="mt-3 text-lg text-slate-800">
          Your reference is <strong className="font-mono tracking-wide">{reference}</strong>.
        </p>
        <h3 className="mt-6 font-semibold text-slate-900">What happens next</h3>
        <ol className="mt-2 list-decimal space-y-1 pl-6 text-slate-700">
          {confirmationQueued && <li>A confirmation is on its way to {email}.</li>}
          <li>We call or e-mail you within one business day to agree the date and time.</li>
          <li>We send the inspection agreement to sign before the visit.</li>
        </ol>
        <p className="mt-6 text-slate-700">Questions in the meantime? Call us and quote your reference.</p>
        <PhoneLink phone={phone} className="-ml-3 mt-1" />
      </div>
      <QuotePanel estimate={{ quote, missing: [] }} />
    </div>
  );
}
