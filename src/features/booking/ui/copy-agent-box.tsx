import React from "react";
import { COPY_AGENT } from "../../../lib/forms/choices";
import type { FormVoice } from "./form-voice";
import type { ScheduleForm } from "./step-types";

/**
 * The client's say in whether their agent hears of the booking: unticked unless the client ticks
 * it, since the agent's e-mail address alone is no request to send them the client's booking.
 */
export function CopyAgentBox({ form, voice }: { form: ScheduleForm; voice: FormVoice }) {
  return (
    <div className="sm:col-span-2">
      <label className="flex min-h-11 cursor-pointer items-start gap-3 py-2">
        <input
          type="checkbox"
          name="copyAgent"
          checked={form.values.copyAgent === COPY_AGENT}
          onChange={(event) =>
            form.setValues((values) => ({ ...values, copyAgent: event.target.checked ? COPY_AGENT : "" }))
          }
          aria-describedby="copyAgent-hint"
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
        />
        <span className="font-medium text-slate-900">{voice.copyAgentBox}</span>
      </label>
      <p id="copyAgent-hint" className="text-sm text-slate-600 sm:ml-8">
        {voice.copyAgentHint}
      </p>
    </div>
  );
}
