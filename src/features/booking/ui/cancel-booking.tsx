/** "Cancel the booking", which asks first and says what is given up, and what of the money comes back. */
import React from "react";
import { formatCents } from "../../../lib/text/format";
import type { ManagedBooking } from "../shared/managed-booking";
import { buttonStyles } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";

export function CancelBooking({
  booking,
  busy,
  onCancel,
}: {
  booking: ManagedBooking;
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title="Cancel this inspection?"
      confirmLabel="Yes, cancel it"
      keepLabel="No, keep it"
      onConfirm={onCancel}
      trigger={
        <button type="button" className={buttonStyles({ variant: "secondary" })} disabled={busy}>
          Cancel the booking
        </button>
      }
    >
      <p>{booking.when} (Maryland time) will be given up, and anyone may book it. To come back, you book a new time.</p>
      {booking.cancelRefund && <RefundNote {...booking.cancelRefund} />}
    </ConfirmDialog>
  );
}

/** What the policy gives back of what was paid online, cancelled now: the server worked it out. */
function RefundNote({ refundedCents, keptCents }: { refundedCents: number; keptCents: number }) {
  if (refundedCents === 0 && keptCents === 0) return null;
  return (
    <p className="mt-2">
      {refundedCents === 0
        ? `Under our cancellation policy the ${formatCents(keptCents)} you paid is not refunded.`
        : keptCents === 0
          ? `All you paid, ${formatCents(refundedCents)}, is refunded to your card.`
          : `${formatCents(refundedCents)} is refunded to your card; ${formatCents(keptCents)} is kept under our cancellation policy.`}
    </p>
  );
}
