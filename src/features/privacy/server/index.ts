/**
 * The privacy feature's public entry for its server layer: what other features may import from
 * privacy/server/, and all they may (eslint.config.mjs holds it). A feature's own files import
 * each other directly.
 */
export { agreementGoesOn } from "./due-days";
export { DATA_ACTIONS, OFFICE_COPIES } from "./privacy-emails";
export { DATA_REQUESTS } from "./privacy-queries";
