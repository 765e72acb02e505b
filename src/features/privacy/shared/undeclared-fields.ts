/**
 * The build's check of fields.ts against the forms' schemas: a field a form asks for with no declared
 * purpose, or a declaration for a field no form has, stops the build (gatsby-node), naming the field.
 * Apart from fields.ts, whose declarations the privacy notice's page shows without the forms' checks.
 */
import { contactFieldSchemas, dataRequestFieldSchemas, scheduleFieldSchemas } from "../../../lib/request-schemas";
import { FORM_DECLARATIONS, type FormDeclaration } from "./fields";

/** The fields each form's schema has: its names do not depend on the choices offered, so none are given. */
const noChoices = {
  mainInspections: [],
  addOns: [],
  waterPackages: [],
  foundations: [],
  counties: [],
  topics: [],
  countyZipPrefixes: {},
};
export function schemaFieldNames(): Record<string, string[]> {
  return {
    schedule: Object.keys(scheduleFieldSchemas(noChoices, { today: "2026-01-01", currentYear: 2026, booking: true })),
    contact: Object.keys(contactFieldSchemas(noChoices)),
    "data request": Object.keys(dataRequestFieldSchemas()),
  };
}

/**
 * One line per form field with no declared purpose, or a declaration for a field no form has:
 * the build's message, naming the field and where to declare it.
 */
export function undeclaredFields(
  fieldNames: Record<string, readonly string[]> = schemaFieldNames(),
  declarations: readonly FormDeclaration[] = FORM_DECLARATIONS,
): string[] {
  const problems: string[] = [];
  for (const [form, names] of Object.entries(fieldNames)) {
    const declared = declarations.find((declaration) => declaration.form === form);
    for (const name of names) {
      const use = declared?.fields[name];
      if (!use?.purpose.trim()) {
        problems.push(
          `src/features/privacy/shared/fields.ts: the ${form} form's field "${name}" has no declared purpose; say why it is asked for, and which record (and so which period in content/privacy.yaml) keeps it`,
        );
      }
    }
    for (const name of Object.keys(declared?.fields ?? {})) {
      if (!names.includes(name)) {
        problems.push(
          `src/features/privacy/shared/fields.ts: the ${form} form has no field "${name}"; remove its declaration`,
        );
      }
    }
  }
  return problems;
}
