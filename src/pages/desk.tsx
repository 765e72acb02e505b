/** /desk: the owner's desk, whose page lives in its tree (src/features/desk/ui/desk-page.tsx). */
// Two statements, not one: Gatsby's build reads a page's text for its default export, and knows
// `export { default } from` but not `export { default, Head } from` (utils/validate-component.js).
export { default } from "../features/desk/ui/desk-page";
export { Head } from "../features/desk/ui/desk-page";
