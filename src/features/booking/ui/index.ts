/**
 * The booking feature's public entry for its ui layer: what other features may import from
 * booking/ui/, and all they may (eslint.config.mjs holds it). A feature's own files import
 * each other directly.
 */
export { ScheduleForm } from "./schedule-form";
export type { ScheduleAnswer } from "./schedule-form";
export { OpenTimePicker } from "./step-time";
export { errorOf } from "./step-types";
export type { ScheduleForm as ScheduleFormState } from "./step-types";
