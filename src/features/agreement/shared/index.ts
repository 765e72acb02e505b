/**
 * The agreement feature's public entry for its shared layer: what other features may import from
 * agreement/shared/, and all they may (eslint.config.mjs holds it). A feature's own files import
 * each other directly.
 */
export { AGREEMENT_PLACEHOLDERS } from "./agreement-text";
