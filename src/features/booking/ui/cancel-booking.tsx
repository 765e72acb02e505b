/** "Cancel the booking", which asks first and says what is given up. */
import React from "react";
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
    </ConfirmDialog>
  );
}
