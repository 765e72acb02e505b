/* global window, document, fetch */
/**
 * Starts the content editor at /admin (copied there as init.js by src/features/editor/build/admin-files.ts).
 * config.js set window.CMS_MANUAL_INIT, so Decap waits for this module: it registers how the
 * site's files are read and written (kept-yaml.js: a save changes only the values the writer
 * changed) and how the preview pane shows a page (previews.js: as the site does), then starts
 * Decap with the configuration made from the content schemas (src/features/editor/shared/editor-config.ts) and
 * the backend this copy of the site has.
 */
import * as YAML from "./yaml/index.js";
import { frontMatterFormat, yamlFileFormat } from "./kept-yaml.js";
import { registerPreviews } from "./previews.js";

const { CMS, SITE_EDITOR, h } = window;

CMS.registerCustomFormat(SITE_EDITOR.yamlFormat, "yaml", yamlFileFormat(YAML, SITE_EDITOR.listField));
CMS.registerCustomFormat(SITE_EDITOR.frontMatterFormat, "md", frontMatterFormat(YAML));
registerPreviews(CMS, h, SITE_EDITOR.previewStyle);

/** The page's own words, where Decap does not start (nothing to sign in with, nothing local). */
function explain(message) {
  const main = document.createElement("main");
  main.style.cssText =
    "font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5";
  const heading = document.createElement("h1");
  heading.textContent = "The content editor cannot start here";
  const text = document.createElement("p");
  text.textContent = message;
  main.append(heading, text);
  document.body.append(main);
}

/**
 * How this copy of the site edits (src/features/editor/server/sign-in-settings.ts, editorStart): the
 * github backend, signing in through the site's own /api/editor/auth; the local backend that
 * `npm start` or `npm run cms` started; or neither, said in words. Decap is given only a backend
 * that is there, so it never knocks on a port where nothing listens.
 */
async function start() {
  let answer;
  try {
    const response = await fetch("/api/editor/config", { cache: "no-store" });
    if (!response.ok) throw new Error(`it answered ${response.status}`);
    answer = await response.json();
  } catch (error) {
    explain(
      `The editor's settings could not be read from /api/editor/config (${error.message}). ` +
        "To edit the files of your own copy, run `npm run cms` and open http://localhost:8000/admin/.",
    );
    return;
  }
  const config = { ...SITE_EDITOR.config };
  if (answer.mode === "github") {
    // The host (with its port) Decap names to the sign-in window as site_id: the window hands the
    // token back only there. (Without it Decap names the host without its port.)
    config.backend = { ...answer.backend, site_domain: window.location.host };
  } else if (answer.mode === "local") {
    // Decap uses the local backend on localhost only; the backend named here is then unused.
    config.backend = { name: "github", repo: "local/working-copy", branch: "main" };
    config.local_backend = { url: answer.url };
  } else {
    explain(answer.message);
    return;
  }
  CMS.init({ config });
}

void start();
