import React from "react";
import { counties } from "../../../lib/content/business-data";
import { foundationChoices } from "../../../lib/pricing/catalog";
import { propertyTypes } from "../../../lib/forms/choices";
import { SelectField, TextField } from "../../../components/forms/fields";
import { errorOf, type ScheduleForm } from "./step-types";

const countyOptions = counties.map((county) => ({ id: county, label: county }));
const typeOptions = Object.entries(propertyTypes).map(([id, label]) => ({ id, label }));

export function StepProperty({ form }: { form: ScheduleForm }) {
  const { register } = form;
  return (
    <div className="grid gap-5 sm:grid-cols-6">
      <TextField
        className="sm:col-span-6"
        label="Street address"
        autoComplete="address-line1"
        registration={register("street")}
        error={errorOf(form, "street")}
      />
      <TextField
        className="sm:col-span-3"
        label="City or town"
        autoComplete="address-level2"
        registration={register("city")}
        error={errorOf(form, "city")}
      />
      <TextField
        className="sm:col-span-3"
        label="ZIP code"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        registration={register("zip")}
        error={errorOf(form, "zip")}
      />
      <SelectField
        className="sm:col-span-3"
        label="County"
        hint="Travel is priced by county."
        placeholder="Choose the county"
        options={countyOptions}
        registration={register("county")}
        error={errorOf(form, "county")}
      />
      <SelectField
        className="sm:col-span-3"
        label="Type of property"
        placeholder="Choose the type"
        options={typeOptions}
        registration={register("propertyType")}
        error={errorOf(form, "propertyType")}
      />
      <TextField
        className="sm:col-span-2"
        label="Finished square feet"
        inputMode="numeric"
        registration={register("squareFeet")}
        error={errorOf(form, "squareFeet")}
      />
      <TextField
        className="sm:col-span-2"
        label="Year built"
        inputMode="numeric"
        maxLength={4}
        registration={register("yearBuilt")}
        error={errorOf(form, "yearBuilt")}
      />
      <SelectField
        className="sm:col-span-2"
        label="Foundation"
        placeholder="Choose one"
        options={foundationChoices}
        registration={register("foundation")}
        error={errorOf(form, "foundation")}
      />
    </div>
  );
}
