/**
 * The booking feature's public entry for its shared layer: what other features may import from
 * booking/shared/, and all they may (eslint.config.mjs holds it). A feature's own files import
 * each other directly.
 */
export type { AgentRole } from "./agent-copy";
export { inspectorName, inspectorOf, inspectorsFor } from "./inspectors";
export type { Inspector } from "./inspectors";
export { marylandTimeText } from "./managed-booking";
export { estimateFromForm } from "./schedule-estimate";
export { quoteInputOf } from "./schedule-quote";
