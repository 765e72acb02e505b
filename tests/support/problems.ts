import type { Page } from "@playwright/test";

/**
 * Records, from the first moment of every page, Content-Security-Policy violations, console
 * errors, uncaught errors, and requests for the content editor's files (/admin, Netlify Identity),
 * which no visitor page may load.
 */
export async function watchForProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction("reportViolation", (text: string) => problems.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline code"}`,
      ),
    );
  });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/admin") || pathname.startsWith("/.netlify/identity")) {
      problems.push(`editor file requested: ${request.url()}`);
    }
  });
  return problems;
}
