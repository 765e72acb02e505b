import type { Reporter } from "gatsby";

/**
 * Content problems found while sourcing. A build collects them all and stops once, before
 * creating pages, listing every problem; `gatsby develop` reports each as the file is saved.
 */
export class ContentProblems {
  private readonly found: string[] = [];

  constructor(private readonly production: boolean) {}

  report(reporter: Reporter, problems: string[]): void {
    if (this.production) this.found.push(...problems);
    else reporter.error(`Content error:\n  ${problems.join("\n  ")}`);
  }

  /** Stops the build with every problem found, if there are any; says whether it did. */
  stopBuild(reporter: Reporter): boolean {
    if (!this.found.length) return false;
    const count = `${this.found.length} problem${this.found.length > 1 ? "s" : ""}`;
    reporter.panicOnBuild(`Content error: ${count} in content/:\n  ${this.found.join("\n  ")}`);
    return true;
  }
}
