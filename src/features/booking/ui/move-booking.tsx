/**
 * Moving a booking: the open times of the same job, then "Move to ...", which asks first and
 * names both times.
 */
import React, { Suspense, useState } from "react";
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import type { ManagedBooking } from "../shared/managed-booking";
import { jobSearch } from "../shared/schedule-estimate";
import { buttonStyles } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Spinner } from "../../../components/ui/spinner";

const TimePicker = React.lazy(() => import("./time-picker"));

/** The picker needs a registration like a form field's; here only its value matters. */
const registration = (start: string) => ({
  name: "start",
  value: start,
  onChange: () => undefined,
  onBlur: () => undefined,
  ref: () => undefined,
});

export function MoveBooking({
  booking,
  busy,
  onMove,
}: {
  booking: ManagedBooking;
  busy: boolean;
  onMove: (start: string) => void;
}) {
  const [start, setStart] = useState("");
  return (
    <section aria-labelledby="move-heading" className="space-y-4">
      <h2 id="move-heading" className="text-xl font-semibold text-slate-900">
        Choose the new time
      </h2>
      <Suspense fallback={<Spinner size="sm" />}>
        <TimePicker
          search={jobSearch({ ...booking.job, squareFeet: String(booking.job.squareFeet) })}
          value={start}
          onChange={setStart}
          registration={registration(start)}
        />
      </Suspense>
      {start ? (
        <ConfirmDialog
          title="Move this inspection?"
          confirmLabel="Yes, move it"
          keepLabel="No, keep the old time"
          onConfirm={() => onMove(start)}
          trigger={
            <button type="button" className={buttonStyles({ size: "lg" })} disabled={busy}>
              {busy ? "Moving…" : `Move to ${bookedTimeText(start)}`}
            </button>
          }
        >
          <p>
            From <strong>{booking.when}</strong> to <strong>{bookedTimeText(start)}</strong> (Maryland time). The old
            time is given up, and anyone may book it.
          </p>
        </ConfirmDialog>
      ) : (
        <button type="button" className={buttonStyles({ size: "lg" })} disabled>
          Choose a time first
        </button>
      )}
    </section>
  );
}
