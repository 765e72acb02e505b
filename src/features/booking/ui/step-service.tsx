import React from "react";
import { pricing } from "../../../lib/content/business-data";
import { mainInspectionChoices, waterPackageChoices } from "../../../lib/pricing/catalog";
import { formatDollars } from "../../../lib/text/format";
import { NO_MAIN_INSPECTION } from "../../../lib/forms/choices";
import { startingPriceForService } from "../../../lib/pricing/quote";
import { ChoiceGroup } from "../../../components/forms/fields";
import { errorOf, type ScheduleForm } from "./step-types";

const mainOptions = [
  ...mainInspectionChoices.map((choice) => {
    const inspection = pricing.mainInspections.find((candidate) => candidate.id === choice.id)!;
    return {
      ...choice,
      detail: `From ${formatDollars(startingPriceForService(inspection.service, pricing, []) ?? 0)}, by size`,
    };
  }),
  { id: NO_MAIN_INSPECTION, label: "No inspection: tests only", detail: "Choose one or more tests below" },
];
const addOnOptions = pricing.addOns.map((addOn) => ({
  id: addOn.id,
  label: addOn.label,
  detail: formatDollars(addOn.price),
}));
const packageOptions = waterPackageChoices.map((pack) => ({
  id: pack.id,
  label: pack.name,
  detail: formatDollars(pack.price),
}));

export function StepService({ form }: { form: ScheduleForm }) {
  return (
    <div className="space-y-8">
      <ChoiceGroup
        type="radio"
        legend="Main inspection"
        options={mainOptions}
        name="mainInspection"
        registerOption={(id) => form.registerChoice("mainInspection", id)}
        error={errorOf(form, "mainInspection")}
      />
      <ChoiceGroup
        type="checkbox"
        legend="Add-on inspections and tests"
        hint="Booked with the inspection or on their own."
        options={addOnOptions}
        name="addOns"
        registerOption={(id) => form.registerChoice("addOns", id)}
        error={errorOf(form, "addOns")}
      />
      <ChoiceGroup
        type="checkbox"
        legend="Water testing packages"
        hint="For homes on a private well, or to check the water at the tap."
        options={packageOptions}
        name="waterPackages"
        registerOption={(id) => form.registerChoice("waterPackages", id)}
        error={errorOf(form, "waterPackages")}
      />
    </div>
  );
}
