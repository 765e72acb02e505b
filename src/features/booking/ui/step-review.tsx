import React from "react";
import {
  addOnChoices,
  foundationChoices,
  labelOf,
  mainInspectionChoices,
  waterPackageChoices,
} from "../../../lib/pricing/catalog";
import type { FormVoice } from "./form-voice";
import { NO_MAIN_INSPECTION, propertyTypes, referralSources, timeWindows } from "../../../lib/forms/choices";
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import type { ScheduleForm } from "./step-types";

function Section({
  title,
  step,
  onEdit,
  rows,
}: {
  title: string;
  step: number;
  onEdit: (step: number) => void;
  rows: [string, string][];
}) {
  return (
    <section className="rounded-xl border border-slate-200 p-4">
      <div className="flex items-center justify-between gap-3">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <button
          type="button"
          onClick={() => onEdit(step)}
          className="min-h-11 rounded-md px-3 font-medium text-brand-700 underline underline-offset-2 hover:bg-brand-50"
        >
          Change<span className="sr-only"> {title.toLowerCase()}</span>
        </button>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <React.Fragment key={label}>
              <dt className="text-slate-600">{label}</dt>
              <dd className="text-slate-900">{value}</dd>
            </React.Fragment>
          ))}
      </dl>
    </section>
  );
}

const dateText = (date: string, window: string) =>
  date
    ? `${new Date(`${date}T12:00:00`).toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric" })}, ${timeWindows[window as keyof typeof timeWindows] ?? ""}`
    : "";

/** Everything entered, with a way back to each step. */
export function StepReview({
  form,
  onEdit,
  voice,
}: {
  form: ScheduleForm;
  onEdit: (step: number) => void;
  voice: FormVoice;
}) {
  const { values } = form;
  const services = [
    values.mainInspection && values.mainInspection !== NO_MAIN_INSPECTION
      ? labelOf(mainInspectionChoices, values.mainInspection)
      : "",
    ...(values.addOns ?? []).map((id) => labelOf(addOnChoices, id)),
    ...(values.waterPackages ?? []).map((id) => waterPackageChoices.find((pack) => pack.id === id)?.name ?? id),
  ].filter(Boolean);
  return (
    <div className="space-y-4">
      <Section title="Services" step={0} onEdit={onEdit} rows={[["Chosen", services.join(", ")]]} />
      <Section
        title="Property"
        step={1}
        onEdit={onEdit}
        rows={[
          ["Address", [values.street, values.city, values.zip && `MD ${values.zip}`].filter(Boolean).join(", ")],
          ["County", values.county ?? ""],
          ["Type", propertyTypes[values.propertyType as keyof typeof propertyTypes] ?? ""],
          ["Finished square feet", String(values.squareFeet ?? "")],
          ["Year built", String(values.yearBuilt ?? "")],
          ["Foundation", values.foundation ? labelOf(foundationChoices, values.foundation) : ""],
        ]}
      />
      {values.start ? (
        <Section
          title="Time"
          step={2}
          onEdit={onEdit}
          rows={[["Starts", `${bookedTimeText(values.start)} (Maryland time)`]]}
        />
      ) : (
        <Section
          title="Preferred dates"
          step={2}
          onEdit={onEdit}
          rows={[
            ["First choice", dateText(values.firstDate ?? "", values.firstWindow ?? "")],
            ["Second choice", dateText(values.secondDate ?? "", values.secondWindow ?? "")],
          ]}
        />
      )}
      <Section
        title={voice.detailsTitle}
        step={3}
        onEdit={onEdit}
        rows={[
          ["Name", values.name ?? ""],
          ["E-mail", values.email ?? ""],
          ["Phone", values.phone ?? ""],
          ["Heard about us from", referralSources[values.heardFrom as keyof typeof referralSources] ?? ""],
          [
            values.bookedByAgent ? "Booked by the agent" : "Agent",
            [values.agentName, values.agentEmail, values.agentPhone].filter(Boolean).join(", "),
          ],
          [voice.copyAgentBox, !values.bookedByAgent && values.agentEmail ? (values.copyAgent ? "Yes" : "No") : ""],
          [
            voice.agentReportBox,
            !values.bookedByAgent && values.agentEmail && values.copyAgent ? (values.agentReport ? "Yes" : "No") : "",
          ],
          ["Notes", values.notes ?? ""],
        ]}
      />
    </div>
  );
}
