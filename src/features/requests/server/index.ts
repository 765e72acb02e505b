/**
 * The requests feature's public entry for its server layer: what other features may import from
 * requests/server/, and all they may (eslint.config.mjs holds it). A feature's own files import
 * each other directly.
 */
export { acceptSchedule, scheduleEndpoint } from "./endpoints";
export { storeRequest } from "./handle-request";
