import React from "react";
import { AGENT_REPORT, COPY_AGENT } from "../../../lib/forms/choices";
import type { FormVoice } from "./form-voice";
import type { ScheduleForm } from "./step-types";

/**
 * The client's say in whether their agent hears of the booking: unticked unless the client ticks
 * it, since the agent's e-mail address alone is no request to send them the client's booking. An
 * agent copied may also be sent the inspection report, only if the client ticks that too: the
 * report is the client's, shared with the agent only with their consent.
 */
export function CopyAgentBox({ form, voice }: { form: ScheduleForm; voice: FormVoice }) {
  const copied = form.values.copyAgent === COPY_AGENT;
  return (
    <div className="sm:col-span-2">
      <label className="flex min-h-11 cursor-pointer items-start gap-3 py-2">
        <input
          type="checkbox"
          name="copyAgent"
          checked={copied}
          onChange={(event) =>
            form.setValues((values) => ({
              ...values,
              copyAgent: event.target.checked ? COPY_AGENT : "",
              // The report goes only to an agent who is copied.
              agentReport: event.target.checked ? values.agentReport : "",
            }))
          }
          aria-describedby="copyAgent-hint"
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
        />
        <span className="font-medium text-slate-900">{voice.copyAgentBox}</span>
      </label>
      <p id="copyAgent-hint" className="text-sm text-slate-600 sm:ml-8">
        {voice.copyAgentHint}
      </p>
      {copied && (
        <div className="sm:ml-8">
          <label className="flex min-h-11 cursor-pointer items-start gap-3 py-2">
            <input
              type="checkbox"
              name="agentReport"
              checked={form.values.agentReport === AGENT_REPORT}
              onChange={(event) =>
                form.setValues((values) => ({ ...values, agentReport: event.target.checked ? AGENT_REPORT : "" }))
              }
              aria-describedby="agentReport-hint"
              className="mt-0.5 size-5 shrink-0 accent-brand-700"
            />
            <span className="font-medium text-slate-900">{voice.agentReportBox}</span>
          </label>
          <p id="agentReport-hint" className="text-sm text-slate-600">
            {voice.agentReportHint}
          </p>
        </div>
      )}
    </div>
  );
}
