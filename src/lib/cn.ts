type ClassValue = string | false | null | undefined;

/**
 * Utilities that set one CSS property, so two of them with the same variant prefix conflict.
 * Tailwind v4 orders its rules by its own sort, not by their order in the class attribute, so in
 * `max-w-7xl max-w-3xl` either may win. Longer names first, so `max-w` is not read as `m`.
 */
const groups = [
  "min-w",
  "max-w",
  "min-h",
  "max-h",
  "size",
  "w",
  "h",
  "px",
  "py",
  "pt",
  "pr",
  "pb",
  "pl",
  "p",
  "mx",
  "my",
  "mt",
  "mr",
  "mb",
  "ml",
  "m",
  "gap",
  "rounded",
  "grid-cols",
  "z",
];
// Plain arrays rather than a Set: a minifier drops an unused array literal, but keeps `new Set(...)`
// (a constructor call it cannot prove pure) in production bundles where nothing reads it.
const displays = ["block", "inline-block", "inline", "flex", "inline-flex", "grid", "hidden", "contents"];

/** The property a class sets, with its variants (`sm:max-w` for `sm:max-w-3xl`); undefined if not tracked. */
function propertyOf(className: string): string | undefined {
  const cut = className.lastIndexOf(":") + 1;
  const variants = className.slice(0, cut);
  const utility = className.slice(cut).replace(/^-/, "");
  if (displays.includes(utility)) return `${variants}display`;
  const group = groups.find((name) => utility.startsWith(`${name}-`));
  return group && `${variants}${group}`;
}

/** Pairs of classes in one list that set the same property under the same variants. */
export function classConflicts(classList: string): Array<[string, string]> {
  const seen = new Map<string, string>();
  const conflicts: Array<[string, string]> = [];
  for (const name of classList.split(/\s+/).filter(Boolean)) {
    const property = propertyOf(name);
    if (!property) continue;
    const earlier = seen.get(property);
    if (earlier && earlier !== name) conflicts.push([earlier, name]);
    seen.set(property, name);
  }
  return conflicts;
}

/**
 * Joins class names, skipping empty ones. A caller's classes add to a component's own; they
 * cannot override them, because the stylesheet's order decides, not the attribute's. Where a
 * caller must choose a width or size, the component offers a variant prop. Outside production
 * builds a list that sets one property twice throws, so a lost class fails in tests and
 * `gatsby develop` instead of rendering the wrong size; production builds drop the check.
 */
export function cn(...classes: ClassValue[]): string {
  const joined = classes.filter(Boolean).join(" ");
  if (process.env.NODE_ENV !== "production") {
    const [conflict] = classConflicts(joined);
    if (conflict) throw new Error(`Conflicting classes "${conflict[0]}" and "${conflict[1]}" in "${joined}"`);
  }
  return joined;
}
