/**
 * The schedule form as it opens: its values, and what they read as before the form's checks have
 * come (src/hooks/use-form-checks.ts). The page's HTML and the render that hydrates it show the
 * estimate of these answers; a test holds them to what the field schemas read from the empty form.
 */
import { NO_MAIN_INSPECTION, type Catalog } from "../../../lib/forms/choices";
import type { ScheduleFormValues } from "../../../lib/request-schemas";
import type { QuotedAnswers } from "./schedule-quote";

export const emptyScheduleValues: ScheduleFormValues = {
  mainInspection: "residential",
  addOns: [],
  waterPackages: [],
  street: "",
  city: "",
  zip: "",
  county: "",
  propertyType: "",
  squareFeet: "",
  yearBuilt: "",
  foundation: "",
  firstDate: "",
  firstWindow: "",
  secondDate: "",
  secondWindow: "",
  start: "",
  bookedByAgent: "",
  sameAddress: "",
  name: "",
  email: "",
  phone: "",
  heardFrom: "",
  agentName: "",
  agentEmail: "",
  agentPhone: "",
  copyAgent: "",
  agentReport: "",
  notes: "",
  website: "",
};

/**
 * The empty form's priced answers: the main inspection it opens with (when the price list still
 * offers it), and nothing else given.
 */
export function emptyScheduleAnswers(catalog: Pick<Catalog, "mainInspections">): QuotedAnswers {
  const { mainInspection } = emptyScheduleValues;
  const offered = mainInspection === NO_MAIN_INSPECTION || catalog.mainInspections.includes(mainInspection);
  return {
    mainInspection: offered ? mainInspection : null,
    addOns: [],
    waterPackages: [],
    squareFeet: null,
    yearBuilt: null,
    foundation: null,
    county: null,
  };
}
