import React from "react";
import { referralSources } from "../../lib/request-schemas";
import { HoneypotField, SelectField, TextAreaField, TextField } from "../forms/fields";
import { errorOf, type ScheduleForm } from "./step-types";

const referralOptions = Object.entries(referralSources).map(([id, label]) => ({ id, label }));

export function StepClient({ form }: { form: ScheduleForm }) {
  const { register } = form;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField label="Your name" autoComplete="name" registration={register("name")} error={errorOf(form, "name")} />
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        registration={register("email")}
        error={errorOf(form, "email")}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        registration={register("phone")}
        error={errorOf(form, "phone")}
      />
      <SelectField
        label="How did you hear about us?"
        placeholder="Choose one"
        options={referralOptions}
        registration={register("heardFrom")}
        error={errorOf(form, "heardFrom")}
      />
      <TextField
        label="Your agent's name"
        optional
        autoComplete="off"
        registration={register("agentName")}
        error={errorOf(form, "agentName")}
      />
      <TextField
        label="Your agent's e-mail"
        optional
        type="email"
        autoComplete="off"
        hint="We can copy your agent on the scheduling."
        registration={register("agentEmail")}
        error={errorOf(form, "agentEmail")}
      />
      <TextAreaField
        className="sm:col-span-2"
        label="Notes"
        optional
        hint="Access, pets, a deadline in your contract, anything we should know."
        registration={register("notes")}
        error={errorOf(form, "notes")}
      />
      <HoneypotField registration={register("website")} />
    </div>
  );
}
