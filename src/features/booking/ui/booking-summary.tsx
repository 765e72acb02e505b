/** Where a booking stands, with what can be done about it from here. */
import React from "react";
import type { BookingAction, ManagedBooking } from "../shared/managed-booking";
import { formatDollars } from "../../../lib/text/format";
import { schedulePath } from "../../../lib/paths";
import { ButtonLink, buttonStyles } from "../../../components/ui/button";
import { AgreementLine } from "./agreement-line";
import { CalendarLink } from "./calendar-link";
import { CancelBooking } from "./cancel-booking";
import { PendingNote } from "./pending-note";

interface BookingSummaryProps {
  booking: ManagedBooking;
  busy: boolean;
  moving: boolean;
  onToggleMove: () => void;
  onAction: (action: BookingAction) => void;
}

const headings: Record<ManagedBooking["status"], (booking: ManagedBooking) => string> = {
  pending: (booking) => `Not confirmed yet: ${booking.when} (Maryland time)`,
  booked: (booking) => `Booked for ${booking.when} (Maryland time)`,
  cancelled: (booking) => `Cancelled: ${booking.when} is no longer booked`,
  expired: (booking) => `Not confirmed in time: ${booking.when} was released`,
};

export function BookingSummary({ booking, busy, moving, onToggleMove, onAction }: BookingSummaryProps) {
  const { status } = booking;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 className="text-xl font-semibold text-slate-900">{headings[status](booking)}</h2>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-slate-800 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">What</dt>
        <dd>{booking.services.join(", ")}</dd>
        <dt className="font-semibold">Where</dt>
        <dd>{booking.location}</dd>
        {booking.estimate !== null && (
          <>
            <dt className="font-semibold">Estimate</dt>
            <dd>{formatDollars(booking.estimate)}</dd>
          </>
        )}
        <dt className="font-semibold">Reference</dt>
        <dd className="font-mono">{booking.reference}</dd>
        <dt className="font-semibold">Agreement</dt>
        <dd>
          <AgreementLine booking={booking} />
        </dd>
      </dl>
      {status === "pending" && (
        <PendingNote booking={booking} busy={busy} onConfirm={() => onAction({ action: "confirm" })} />
      )}
      {status === "booked" && !booking.changeable && (
        <p className="mt-3 text-slate-800">
          It is less than {booking.cutoffHours} hours to the start: please call us to change it.
        </p>
      )}
      {(status === "cancelled" || status === "expired") && (
        <div className="mt-4 space-y-3">
          {status === "expired" && (
            <p className="text-slate-800">
              The time was held for you until the confirmation deadline; it is open to others again now.
            </p>
          )}
          <ButtonLink to={schedulePath}>Book an inspection</ButtonLink>
        </div>
      )}
      {status === "booked" && <CalendarLink invite={booking.invite} reference={booking.reference} className="mt-4" />}
      {booking.changeable && (
        <div className="mt-5 flex flex-wrap gap-3">
          <button
            type="button"
            className={buttonStyles({ variant: "secondary" })}
            onClick={onToggleMove}
            aria-expanded={moving}
          >
            Move to another time
          </button>
          <CancelBooking booking={booking} busy={busy} onCancel={() => onAction({ action: "cancel" })} />
        </div>
      )}
    </div>
  );
}
