/**
 * Booking a caller on the desk: the site's own schedule form (the same steps, checks, estimate and
 * draft), sent to the desk, with the desk's time step (office-time-step.tsx). Loaded only when the
 * owner opens it.
 */
import React, { useState } from "react";
import { ScheduleForm, type ScheduleAnswer } from "../../booking/ui";
import { OfficeTimeStep } from "./office-time-step";

export default function BookCaller({ onBooked }: { onBooked: (answer: ScheduleAnswer) => void }) {
  const [outsideHours, setOutsideHours] = useState(false);
  return (
    <ScheduleForm
      search=""
      office={{
        url: "/api/desk/book",
        draftName: "desk-booking",
        submitLabel: "Book for the caller",
        extra: { outsideHours: outsideHours ? "yes" : "" },
        timeStep: (form) => <OfficeTimeStep form={form} outsideHours={outsideHours} onOutsideHours={setOutsideHours} />,
        onBooked,
      }}
    />
  );
}
