/**
 * The desk feature's public entry for its server layer: what other features may import from
 * desk/server/, and all they may (eslint.config.mjs holds it). A feature's own files import
 * each other directly.
 */
export { marylandText, storeDeskRequest } from "./desk-mail";
export { requireText } from "./desk-text";
export { resendSigningLink } from "./resend-signing";
