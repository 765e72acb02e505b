/**
 * @jest-environment node
 *
 * The project's ESLint configuration refuses the imports the layers forbid (docs/architecture.md): a line of
 * code linted as if it were a feature's file, by ESLint itself, and the messages it gives.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "..");
const eslint = path.join(root, "node_modules", "eslint", "bin", "eslint.js");

interface LintMessage {
  ruleId: string | null;
  message: string;
}

/** ESLint's messages for `code` read as the file `file`; the cycle rule is off, as the file is not on disk. */
function lint(file: string, code: string): LintMessage[] {
  const args = [eslint, "--format", "json", "--rule", "import/no-cycle: off", "--stdin", "--stdin-filename", file];
  const run = spawnSync(process.execPath, args, { cwd: root, input: code, encoding: "utf8" });
  if (run.status !== 0 && run.status !== 1) throw new Error(`ESLint failed:\n${run.stderr}`);
  const [result] = JSON.parse(run.stdout) as { messages: LintMessage[] }[];
  return result!.messages;
}

const ENTRY_ONLY = /public entry only.*featureEntries/;
const ROWS = /rows below its own.*featureRows/;

test("a feature that reaches into another feature's files is refused, naming the rule", () => {
  const messages = lint(
    "src/features/desk/server/probe.ts",
    'import { findBooking } from "../../booking/server/booking-queries";\nexport const probe = findBooking;\n',
  );
  expect(messages.map((each) => each.ruleId)).toEqual(["import/no-restricted-paths"]);
  expect(messages[0]!.message).toMatch(ENTRY_ONLY);
});

test("a feature imports a lower feature through its entry", () => {
  const messages = lint(
    "src/features/desk/ui/probe.ts",
    'import { errorOf } from "../../booking/ui";\nimport { inspectorName } from "../../booking/shared";\n' +
      "export const probe = [errorOf, inspectorName];\n",
  );
  expect(messages).toEqual([]);
});

test("a lower row may not import a higher row, even through its entry", () => {
  const messages = lint(
    "src/features/booking/server/probe.ts",
    'import { requireText } from "../../desk/server";\nexport const probe = requireText;\n',
  );
  expect(messages.map((each) => each.message)).toEqual([expect.stringMatching(ROWS)]);
});
