/* global window */
/**
 * Starts the content editor at /admin (copied there as init.js by src/build/admin-files.ts).
 * config.js set window.CMS_MANUAL_INIT, so Decap waits for this module: it registers how the
 * site's YAML files are read and written, then starts Decap with the configuration made from
 * the content schemas (src/lib/cms/editor-config.ts), after the identity widget when the
 * address holds the token of an Identity e-mail.
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

const start = () => CMS.init({ config: SITE_EDITOR.config });

/**
 * Netlify Identity's e-mails link here with a token in the address (#invite_token=...). The
 * identity widget reads it once its window is ready, later than this module runs, and Decap's
 * router replaces the address when it starts: so with a token Decap starts only once the
 * widget has opened on it (and, in the same task, cleared it from the address).
 */
const TOKEN_LINK = /(confirmation|invite|recovery|email_change)_token=/;
const identity = window.netlifyIdentity;
if (identity && TOKEN_LINK.test(window.location.hash)) {
  const opened = () => {
    identity.off("open", opened);
    void Promise.resolve().then(start);
  };
  identity.on("open", opened);
} else {
  start();
}
