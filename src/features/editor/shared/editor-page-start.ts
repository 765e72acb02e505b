/**
 * The start of a page of the content editor (/admin, and the GitHub sign-in's answer) up to its
 * title: never indexed, its links never followed.
 */
export const editorPageStart = (title: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <title>${title}</title>`;
