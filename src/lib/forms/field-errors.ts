/**
 * A failed check's problems, one per field: the first message each field has. The 400 answers of the
 * functions and the forms' messages beside their fields are made alike from it. Without zod itself, so
 * that a form page can hold it before its checks come (src/hooks/use-form-checks.ts).
 */
export interface CheckProblems {
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>;
}

/** Field name to message; a problem that names no field is "form"'s. */
export function fieldErrors(error: CheckProblems): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}
