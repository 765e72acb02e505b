/**
 * The schedule form's steps after the first: one chunk, asked for once the form has hydrated
 * (schedule-form.tsx). Not the time step, which schedule-form.tsx holds: with it here, webpack put
 * the step and its calendar (20 KB) in one chunk, and the calendar came with the other steps.
 */
export { StepClient } from "./step-client";
export { StepDates } from "./step-dates";
export { StepProperty } from "./step-property";
export { StepReview } from "./step-review";
