import React from "react";
import { timeWindows } from "../../../lib/forms/choices";
import { SelectField, TextField } from "../../../components/forms/fields";
import { errorOf, type ScheduleForm } from "./step-types";

const windowOptions = Object.entries(timeWindows).map(([id, label]) => ({ id, label }));

/** Two preferred dates, each with a time window; none may be in the past. */
export function StepDates({ form, today }: { form: ScheduleForm; today: string | null }) {
  const { register } = form;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {(["first", "second"] as const).map((which) => (
        <fieldset key={which} className="rounded-xl border border-slate-200 p-4 sm:col-span-1">
          <legend className="px-1 font-semibold text-slate-900">
            {which === "first" ? "First choice" : "Second choice"}
          </legend>
          <div className="space-y-4">
            <TextField
              type="date"
              label="Date"
              min={today ?? undefined}
              registration={register(`${which}Date`)}
              error={errorOf(form, `${which}Date`)}
            />
            <SelectField
              label="Time window"
              placeholder="Choose a window"
              options={windowOptions}
              registration={register(`${which}Window`)}
              error={errorOf(form, `${which}Window`)}
            />
          </div>
        </fieldset>
      ))}
    </div>
  );
}
