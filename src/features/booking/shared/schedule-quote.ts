/**
 * The one reading of a schedule request's priced answers. The server prices the fields its schema
 * has parsed; the page's live estimate parses each field with the very same field schemas and
 * prices it here too, so "2,100" square feet is 2,100 on both sides, and an answer the schema
 * refuses is left out of the estimate rather than read some other way.
 */
import { NO_MAIN_INSPECTION } from "../../../lib/forms/choices";
import type { ScheduleFields } from "../../../lib/forms/schedule-fields";
import type { QuoteInput } from "../../../lib/pricing/quote";
import type { ScheduleRequest } from "../../../lib/request-schemas";

/** The answers a quote is made from. */
export const QUOTED_FIELDS = [
  "mainInspection",
  "addOns",
  "waterPackages",
  "squareFeet",
  "yearBuilt",
  "foundation",
  "county",
] as const satisfies readonly (keyof ScheduleFields)[];

type QuotedField = (typeof QUOTED_FIELDS)[number];
/** The quoted answers as their schemas read them; null where one is not given yet (or not valid). */
export type QuotedAnswers = { [K in QuotedField]: ScheduleRequest[K] | null };

/** Each quoted answer read by its own field schema: its parsed value, or null. */
export function readQuotedAnswers(
  fields: Pick<ScheduleFields, QuotedField>,
  values: Partial<Record<QuotedField, unknown>>,
): QuotedAnswers {
  const read = <K extends QuotedField>(name: K) => {
    const result = fields[name].safeParse(values[name]);
    return (result.success ? result.data : null) as QuotedAnswers[K];
  };
  return Object.fromEntries(QUOTED_FIELDS.map((name) => [name, read(name)])) as QuotedAnswers;
}

/** What computeQuote takes, from the parsed answers: "none" as no main inspection. */
export function quoteInputOf(answers: QuotedAnswers): QuoteInput {
  return {
    mainInspection:
      answers.mainInspection && answers.mainInspection !== NO_MAIN_INSPECTION ? answers.mainInspection : null,
    addOns: answers.addOns ?? [],
    waterPackages: answers.waterPackages ?? [],
    squareFeet: answers.squareFeet,
    yearBuilt: answers.yearBuilt,
    foundation: answers.foundation,
    county: answers.county,
  };
}
