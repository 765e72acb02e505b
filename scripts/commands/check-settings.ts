/** `npm run check:settings [-- --env-file <file>]`: the live site's settings, checked here (scripts/lib/check-settings.ts). */
import { checkSettings } from "../lib/check-settings";

const { code, text } = checkSettings(process.argv.slice(2), process.env);
(code ? console.error : console.log)(text);
process.exitCode = code;
