/**
 * The editor's preview pane, as the site shows a page: the built site's own style sheet (SITE_EDITOR.previewStyle,
 * admin-files.ts), and for posts and service pages the same header band, dates, copy column and sources as
 * post-page.tsx and service-page.tsx, with their classes. Only what a reader sees: no slugs, ids, related pages,
 * paths or reading time. Decap renders these with its React (`h`) inside the pane's frame.
 */

/** "2025-07-08" as the site writes it: "July 8, 2025". */
export function siteDate(iso) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(iso ?? ""));
  if (!match) return "";
  const [, year, month, day] = match.map(Number);
  return new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

export function previewTemplates(h) {
  /** "July 8, 2025 · Updated November 23, 2026 · By Daniel Reyes" (src/components/blog/post-meta.tsx). */
  function postMeta(data) {
    const parts = [
      h("time", { key: "date", dateTime: data.date }, siteDate(data.date)),
      data.updated && h("span", { key: "updated" }, `Updated ${siteDate(data.updated)}`),
      data.author && h("span", { key: "author" }, `By ${data.author}`),
    ].filter(Boolean);
    return parts.flatMap((part, i) =>
      i ? [h("span", { key: `dot-${i}`, "aria-hidden": "true" }, "·"), part] : [part],
    );
  }

  /** The top band of an inner page (src/components/ui/page-header.tsx). */
  function PageHeader({ eyebrow, title, intro, children }) {
    return h(
      "div",
      { className: "border-b border-brand-100 bg-brand-50" },
      h(
        "div",
        { className: "mx-auto w-full px-4 sm:px-6 max-w-7xl py-10 sm:py-14" },
        h("div", { className: "text-sm font-semibold tracking-wide text-brand-700 uppercase" }, eyebrow),
        h(
          "h1",
          { className: "mt-2 max-w-3xl text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl" },
          title || "Untitled",
        ),
        intro && h("div", { className: "mt-4 max-w-3xl text-lg leading-8 text-slate-700" }, intro),
        children,
      ),
    );
  }

  /** The copy column, its Markdown rendered by the body field's own preview. */
  function Copy({ children }) {
    return h(
      "div",
      { className: "mx-auto w-full px-4 sm:px-6 max-w-7xl py-12" },
      h("article", { className: "min-w-0 max-w-3xl" }, children),
    );
  }

  /**
   * The body, rendered by the Markdown field's own preview. That preview wraps the HTML in a div of
   * its own, so the site's `prose-copy` (whose spacing is between its direct children) goes on
   * that div, after each render, rather than around it.
   */
  function Body({ widgetFor }) {
    const onRender = (element) => element?.firstElementChild?.classList.add("prose-copy");
    return h("div", { ref: onRender }, widgetFor("body"));
  }

  /** The sources behind a page (src/components/content/source-list.tsx): their names, linked. */
  function Sources({ sources, lastReviewed }) {
    const list = (sources ?? []).filter((source) => source && source.label);
    if (!list.length && !lastReviewed) return null;
    return h(
      "aside",
      { className: "mt-12 rounded-xl border border-slate-200 bg-slate-50 p-6" },
      h("h2", { className: "text-lg font-semibold text-slate-900" }, "Sources"),
      lastReviewed &&
        h(
          "p",
          { className: "mt-2 text-sm text-slate-600" },
          `Last reviewed ${siteDate(lastReviewed)}. This is a plain-language summary, not legal advice; the official text governs.`,
        ),
      h(
        "ul",
        { className: "mt-3 space-y-2" },
        list.map(({ label, url }, i) =>
          h(
            "li",
            { key: i },
            h("a", { href: url, className: "text-brand-700 underline underline-offset-2 hover:text-brand-900" }, label),
          ),
        ),
      ),
    );
  }

  function PostPreview({ entry, widgetFor, getAsset }) {
    const data = entry.get("data").toJS();
    const image = data.image ? getAsset(data.image) : null;
    return h(
      "div",
      null,
      h(
        PageHeader,
        { eyebrow: "Blog & resources", title: data.title, intro: data.description },
        h(
          "div",
          { className: "mt-6" },
          h("p", { className: "flex flex-wrap gap-x-2 text-sm text-slate-600" }, postMeta(data)),
        ),
      ),
      h(
        Copy,
        null,
        image &&
          h("img", { src: String(image), alt: data.imageAlt ?? "", className: "mb-10 max-w-3xl w-full rounded-xl" }),
        h(Body, { widgetFor }),
        h(Sources, { sources: data.sources, lastReviewed: data.lastReviewed }),
      ),
    );
  }

  function ServicePreview({ entry, widgetFor }) {
    const data = entry.get("data").toJS();
    const facts = [
      data.duration && ["How long it takes", data.duration],
      data.turnaround && ["Your results", data.turnaround],
    ].filter(Boolean);
    return h(
      "div",
      null,
      h(
        PageHeader,
        { eyebrow: "Services", title: data.title, intro: data.summary },
        facts.length > 0 &&
          h(
            "dl",
            { className: "mt-8 grid gap-4 sm:grid-cols-3" },
            facts.map(([label, value]) =>
              h(
                "div",
                { key: label, className: "rounded-xl border border-brand-100 bg-white p-4" },
                h("dt", { className: "flex items-center gap-2 text-sm font-semibold text-brand-700" }, label),
                h("dd", { className: "mt-1 text-slate-800" }, value),
              ),
            ),
          ),
        data.priceNote && h("p", { className: "mt-4 max-w-3xl text-sm text-slate-700" }, data.priceNote),
      ),
      h(Copy, null, h(Body, { widgetFor }), h(Sources, { sources: data.sources, lastReviewed: data.lastReviewed })),
    );
  }

  return { posts: PostPreview, services: ServicePreview };
}

/** Registers the site's style sheet (once the site is built) and the templates with Decap. */
export function registerPreviews(CMS, h, previewStyle) {
  if (previewStyle) CMS.registerPreviewStyle(previewStyle);
  for (const [collection, template] of Object.entries(previewTemplates(h))) {
    CMS.registerPreviewTemplate(collection, template);
  }
}
