/** The page a change ends on: what happened to which time, the updated invite, and what next. */
import React from "react";
import type { BookingChange } from "../shared/managed-booking";
import { schedulePath } from "../../../lib/paths";
import { SentHeading } from "../../../components/forms/sent-heading";
import { PhoneLink } from "../../../components/layout/phone-link";
import { ButtonLink } from "../../../components/ui/button";
import { CalendarLink } from "./calendar-link";

const headings = { cancel: "Booking cancelled", move: "Booking moved", confirm: "Booking confirmed" } as const;

function whatHappened({ action, before, after }: BookingChange): string {
  if (action === "cancel")
    return `Your inspection on ${before.when} (Maryland time) is cancelled. That time is free again.`;
  if (action === "move") {
    return `Your inspection now starts ${after.when} (Maryland time). The old time, ${before.when}, is free again.`;
  }
  return `Your inspection on ${after.when} (Maryland time) is confirmed: the time is yours.`;
}

export function BookingOutcome({ change, phone }: { change: BookingChange; phone: string }) {
  const { action, after } = change;
  return (
    <div className="space-y-6 rounded-xl border border-brand-200 bg-white p-6 shadow-sm">
      <SentHeading>{headings[action]}</SentHeading>
      <p className="text-lg text-slate-800">{whatHappened(change)}</p>
      <p className="text-slate-700">
        Reference <strong className="font-mono">{after.reference}</strong>.
        {action === "move" ? " The invite below replaces the one you saved before." : ""}
      </p>
      <div className="flex flex-wrap gap-3">
        {action !== "cancel" && (
          <CalendarLink
            invite={after.invite}
            reference={after.reference}
            label={action === "move" ? "Add the new time to your calendar" : "Add to calendar"}
          />
        )}
        <ButtonLink to={schedulePath} variant={action === "cancel" ? "primary" : "ghost"}>
          {action === "cancel" ? "Book another time" : "Book another inspection"}
        </ButtonLink>
      </div>
      <p className="text-slate-700">Questions? Call us and quote your reference.</p>
      <PhoneLink phone={phone} className="-ml-3" />
    </div>
  );
}
