/**
 * The time of a caller's booking on the desk: one of the times the site offers, chosen as a
 * visitor chooses it, or knowingly another time (sooner than visitors may book, or outside the
 * hours), typed on Maryland's clock. Either way the server refuses a time over a booking or time
 * off; loaded with the desk's booking form, so its time-zone arithmetic costs no page.
 */
import React, { useState } from "react";
import { instantOf, MARYLAND, rfc3339 } from "../../../lib/maryland-time/local-time";
import { FieldError } from "../../../components/forms/fields";
import { OpenTimePicker, errorOf, type ScheduleFormState } from "../../booking/ui";

const input =
  "mt-1 block rounded-lg border border-slate-400 px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-brand-700";

export function OfficeTimeStep({
  form,
  outsideHours,
  onOutsideHours,
}: {
  form: ScheduleFormState;
  outsideHours: boolean;
  onOutsideHours: (outside: boolean) => void;
}) {
  // Back on this step (or after a reload), a typed time shows as it was chosen.
  const [date, setDate] = useState(outsideHours ? form.values.start.slice(0, 10) : "");
  const [time, setTime] = useState(outsideHours ? form.values.start.slice(11, 16) : "");
  const error = errorOf(form, "start");
  const registration = form.register("start");
  // Where the form puts focus when the time typed has a problem.
  const focusTarget = { ref: registration.ref };
  const setStart = (start: string) => form.setValues((values) => ({ ...values, start }));
  /** A typed time as RFC 3339 with Maryland's offset; none for a wall time the clocks skip. */
  const typed = (nextDate: string, nextTime: string) => {
    setDate(nextDate);
    setTime(nextTime);
    const instant = nextDate && nextTime ? instantOf(nextDate, nextTime, MARYLAND) : null;
    setStart(instant === null ? "" : rfc3339(instant, MARYLAND));
  };
  const skipped = Boolean(date && time) && instantOf(date, time, MARYLAND) === null;
  return (
    <div className="space-y-5">
      <p className="text-slate-700">
        The caller&apos;s booking is confirmed as it is made, and the client is e-mailed its time, invitation and the
        link to sign the agreement; an agent who booked, or whom the client asked us to copy, gets the time and
        invitation. The times listed are those the site offers visitors.
      </p>
      <label className="flex items-start gap-3 font-medium">
        <input
          type="checkbox"
          className="mt-1 size-5 accent-brand-700"
          checked={outsideHours}
          onChange={(event) => {
            onOutsideHours(event.target.checked);
            setDate("");
            setTime("");
            setStart("");
          }}
        />
        Book another time: sooner than visitors may book, or outside the hours
      </label>
      {outsideHours ? (
        <fieldset className="space-y-3">
          <legend className="font-medium">The time, on Maryland&apos;s clock</legend>
          <p className="text-sm text-slate-700">
            Never over a booking or time off: if an inspector is not free then, nothing is booked and you are told.
          </p>
          <div className="flex flex-wrap gap-4">
            <div>
              <label className="block font-medium" htmlFor="office-date">
                Date
              </label>
              <input
                id="office-date"
                type="date"
                className={input}
                value={date}
                aria-describedby={error ? "start-error" : undefined}
                {...focusTarget}
                onChange={(event) => typed(event.target.value, time)}
              />
            </div>
            <div>
              <label className="block font-medium" htmlFor="office-time">
                Start
              </label>
              <input
                id="office-time"
                type="time"
                className={input}
                value={time}
                onChange={(event) => typed(date, event.target.value)}
              />
            </div>
          </div>
          {skipped && (
            <p role="alert" className="text-sm font-medium text-red-700">
              That time does not exist in Maryland on that day: the clocks move forward over it.
            </p>
          )}
          <FieldError name="start" error={error} />
        </fieldset>
      ) : (
        <OpenTimePicker form={form} />
      )}
    </div>
  );
}
