/** /agent: an agent's page of their clients' inspections (src/features/agents/ui/agent-page.tsx). */
// Two statements, not one: Gatsby's build reads a page's text for its default export.
export { default } from "../features/agents/ui/agent-page";
export { Head } from "../features/agents/ui/agent-page";
