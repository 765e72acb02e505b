/**
 * Choosing an open time (booking mode): the policy first, then the calendar of days with open
 * times and the times of the day chosen. The calendar's code (react-day-picker, and the time-zone
 * arithmetic it brings, and the data library it reads them with) loads when this step opens, not
 * with the page.
 */
import { Link } from "gatsby";
import React, { Suspense } from "react";
import { availability } from "../../../lib/content/business-data";
import { cancellationPath } from "../../../lib/paths";
import { jobSearch } from "../shared/schedule-estimate";
import { Spinner } from "../../../components/ui/spinner";
import { errorOf, type ScheduleForm } from "./step-types";

const TimePicker = React.lazy(() => import("./schedule-time-picker"));

export function StepTime({ form }: { form: ScheduleForm; today?: string | null }) {
  const { cutoffHours } = availability.cancellation;
  return (
    <div className="space-y-5">
      <p className="text-slate-700">
        Only the times still open for the inspection you described are shown; the one you choose is yours once you book
        it. You can cancel or move it yourself until {cutoffHours} hours before it starts (
        <Link to={cancellationPath} className="font-medium text-brand-700 underline underline-offset-2">
          cancellation policy
        </Link>
        ).
      </p>
      <OpenTimePicker form={form} />
    </div>
  );
}

/** The calendar of the open times for the form's job, its code loaded when it is first shown. */
export function OpenTimePicker({ form }: { form: ScheduleForm }) {
  return (
    <Suspense
      fallback={
        <p role="status" className="flex items-center gap-2 text-slate-700">
          <Spinner size="sm" /> Loading the calendar…
        </p>
      }
    >
      <TimePicker
        search={jobSearch(form.values)}
        value={form.values.start}
        onChange={(start) => form.setValues((values) => ({ ...values, start }))}
        error={errorOf(form, "start")}
        registration={form.register("start")}
      />
    </Suspense>
  );
}
