import AxeBuilder from "@axe-core/playwright";
import axe from "axe-core";
import type { Page } from "@playwright/test";

/** The WCAG 2.2 A and AA rules (axe tags every rule with the version of WCAG that added it). */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * The rules Lighthouse's accessibility score also counts that axe files under best practice,
 * not WCAG: checked too, so npm test holds the Lighthouse target of 1.0 on every page.
 */
export const LIGHTHOUSE_EXTRA_RULES = [
  "accesskeys",
  "aria-allowed-role",
  "aria-dialog-name",
  "aria-text",
  "aria-treeitem-name",
  "empty-heading",
  "heading-order",
  "image-redundant-alt",
  "landmark-one-main",
  "presentation-role-conflict",
  "skip-link",
  "table-duplicate-name",
  "tabindex",
];

type Violations = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"];

/**
 * Every rule of both sets, named one by one so that one run of axe covers them: the rules a run
 * by WCAG_TAGS would choose (those tags, less axe's experimental and deprecated rules), and the
 * Lighthouse rules.
 */
const RULES = [
  ...new Set([
    ...axe
      .getRules(WCAG_TAGS)
      .filter((rule) => !rule.tags.some((tag) => ["experimental", "deprecated"].includes(tag)))
      .map((rule) => rule.ruleId),
    ...LIGHTHOUSE_EXTRA_RULES,
  ]),
];

/**
 * Runs axe on the page as it is now and returns its violations of those rules. One run, not one
 * per set: each run injects and starts axe anew, and that was most of the check's time.
 */
export async function axeViolations(page: Page): Promise<Violations> {
  // Legacy mode runs axe in the page itself: the site's pages have no frames, and the default
  // mode opens a blank page to combine the frames' results, which took a third of each check
  // (radon 2.0 -> 1.3 s, the water comparison 3.4 -> 2.1 s, measured on this machine). Only the
  // violations are collected: the passes' details were half of what was left (radon 1.6 -> 0.7 s).
  // (One options object: AxeBuilder's options() replaces what withRules() set.)
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const options = { runOnly: { type: "rule" as const, values: RULES }, resultTypes: ["violations" as const] };
  return (await builder.options(options).analyze()).violations;
}

/** One readable line per failing element: rule, impact, where, and axe's own summary. */
export function describeViolations(violations: Violations): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${node.target.join(" ")}\n    ${node.failureSummary?.replace(/\n/g, "\n    ")}`,
      ),
    )
    .join("\n");
}
