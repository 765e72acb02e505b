import React from "react";
import { BOOKED_BY_AGENT, referralSources } from "../../../lib/forms/choices";
import { HoneypotField, SelectField, TextAreaField, TextField } from "../../../components/forms/fields";
import type { FormVoice } from "./form-voice";
import { errorOf, type ScheduleForm } from "./step-types";
import { CopyAgentBox } from "./copy-agent-box";

const referralOptions = Object.entries(referralSources).map(([id, label]) => ({ id, label }));

/**
 * Who the inspection is for. An agent booking for a client ticks the box: the client's name, e-mail
 * and phone come first, then the agent's own, all required; both get the confirmation. A client
 * may name their agent, and copies them only by ticking the box for it.
 */
export function StepClient({ form, voice }: { form: ScheduleForm; voice: FormVoice }) {
  const { register } = form;
  const byAgent = form.values.bookedByAgent === BOOKED_BY_AGENT;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <label className="flex min-h-11 cursor-pointer items-center gap-3 sm:col-span-2">
        <input
          type="checkbox"
          name="bookedByAgent"
          checked={byAgent}
          onChange={(event) =>
            form.setValues((values) => ({ ...values, bookedByAgent: event.target.checked ? BOOKED_BY_AGENT : "" }))
          }
          className="size-5 accent-brand-700"
        />
        <span className="font-medium text-slate-900">{voice.agentBox}</span>
      </label>
      <TextField
        label={byAgent ? "Client's name" : voice.clientName}
        autoComplete={byAgent ? "off" : "name"}
        registration={register("name")}
        error={errorOf(form, "name")}
      />
      <TextField
        label={byAgent ? "Client's e-mail" : voice.clientEmail}
        type="email"
        autoComplete="email"
        registration={register("email")}
        error={errorOf(form, "email")}
      />
      <TextField
        label={byAgent ? "Client's phone" : voice.clientPhone}
        type="tel"
        autoComplete={byAgent ? "off" : "tel"}
        registration={register("phone")}
        error={errorOf(form, "phone")}
      />
      <TextField
        label={byAgent ? voice.agentName : voice.clientsAgentName}
        optional={!byAgent}
        autoComplete={byAgent ? "name" : "off"}
        registration={register("agentName")}
        error={errorOf(form, "agentName")}
      />
      <TextField
        label={byAgent ? voice.agentEmail : voice.clientsAgentEmail}
        optional={!byAgent}
        type="email"
        autoComplete={byAgent ? "email" : "off"}
        hint={byAgent ? voice.agentEmailHint : undefined}
        registration={register("agentEmail")}
        error={errorOf(form, "agentEmail")}
      />
      {!byAgent && <CopyAgentBox form={form} voice={voice} />}
      {byAgent && (
        <TextField
          label={voice.agentPhone}
          type="tel"
          autoComplete="tel"
          registration={register("agentPhone")}
          error={errorOf(form, "agentPhone")}
        />
      )}
      <SelectField
        label={voice.heardFrom}
        optional
        placeholder="Choose one"
        options={referralOptions}
        registration={register("heardFrom")}
        error={errorOf(form, "heardFrom")}
      />
      <TextAreaField
        className="sm:col-span-2"
        label="Notes"
        optional
        hint={voice.notesHint}
        registration={register("notes")}
        error={errorOf(form, "notes")}
      />
      <HoneypotField registration={register("website")} />
    </div>
  );
}
