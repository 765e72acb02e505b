/**
 * The forms' checks (request-schemas.ts, with zod) come after a form has hydrated, not with the page:
 * they were a third of what a form page's script weighs more than a reading page's. A form reads them
 * with useFormChecks, null in the render that hydrates it; what needs them at once (moving on,
 * sending) goes through withFormChecks, which waits for them (loaded-after-hydration.ts).
 */
import { loadedAfterHydration } from "./loaded-after-hydration";

export type FormChecks = typeof import("../lib/request-schemas");

// Unnamed: Gatsby writes a named chunk's address into every page's HTML (about 15 B gzip each).
const checks = loadedAfterHydration<FormChecks>(() => import("../lib/request-schemas"));

export const useFormChecks = checks.useModule;
/** Without the checks (offline), `without` runs: the functions check every request they are sent anyway. */
export const withFormChecks = checks.withModule;
