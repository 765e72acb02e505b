import type { SchemaForm } from "../../../hooks/use-schema-form";
import type { ScheduleFormValues } from "../../../lib/request-schemas";

export type ScheduleForm = SchemaForm<ScheduleFormValues>;

/** The message of a field's error, if it has one. */
export function errorOf(form: ScheduleForm, name: keyof ScheduleFormValues): string | undefined {
  return form.errors[name];
}
