/** A booking not confirmed yet: until when its time is held, and the button that keeps it. */
import React from "react";
import { marylandTimeText, type ManagedBooking } from "../shared/managed-booking";
import { buttonStyles } from "../../../components/ui/button";

export function PendingNote({
  booking,
  busy,
  onConfirm,
}: {
  booking: ManagedBooking;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <div className="mt-4 space-y-3">
      <p className="text-slate-800">
        The time is held for you
        {booking.confirmBy ? (
          <>
            {" "}
            until <strong>{marylandTimeText(booking.confirmBy)}</strong> (Maryland time)
          </>
        ) : null}
        . Keep it by then; otherwise the time is released for others.
      </p>
      <button type="button" className={buttonStyles({ size: "lg" })} disabled={busy} onClick={onConfirm}>
        {busy ? "Keeping it…" : "Keep this time"}
      </button>
    </div>
  );
}
