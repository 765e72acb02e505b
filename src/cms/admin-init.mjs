/* global window, document, fetch */
/**
 * Starts the content editor at /admin (copied there as init.js by src/build/admin-files.ts).
 * config.js set window.CMS_MANUAL_INIT, so Decap waits for this module: it registers how the
 * site's YAML files are read and written, then starts Decap with the configuration made from
 * the content schemas (src/lib/cms/editor-config.ts) and the backend this copy of the site has.
 *
 * Decap edits a file as an object of fields; some of the site's YAML files are a plain list
 * (water-packages.yaml, faq.yaml...). Such a list is shown to the editor as one list field and
 * written back as the same plain list, so a file saved by the editor reads like one written by hand.
 */
import { parse, stringify } from "./yaml/index.js";

const { CMS, SITE_EDITOR } = window;

CMS.registerCustomFormat(SITE_EDITOR.yamlFormat, "yaml", {
  fromFile(content) {
    const data = parse(content) ?? {};
    return Array.isArray(data) ? { [SITE_EDITOR.listField]: data } : data;
  },
  toFile(data) {
    const keys = Object.keys(data);
    const value = keys.length === 1 && keys[0] === SITE_EDITOR.listField ? data[SITE_EDITOR.listField] : data;
    return stringify(value, { lineWidth: 0 });
  },
});

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
 * How this copy of the site edits (src/lib/server/editor/sign-in-settings.ts, editorStart): the
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
