/** The schedule form's steps after the first: one chunk, asked for once the form has hydrated (schedule-form.tsx). */
export { StepClient } from "./step-client";
export { StepDates } from "./step-dates";
export { StepProperty } from "./step-property";
export { StepReview } from "./step-review";
export { StepTime } from "./step-time";
