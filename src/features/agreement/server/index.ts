/**
 * The agreement feature's public entry for its server layer: what other features may import from
 * agreement/server/, and all they may (eslint.config.mjs holds it). A feature's own files import
 * each other directly.
 */
export { signingLinkMail } from "./agreement-emails";
export { filledAgreement } from "./agreement";
