/**
 * `npm run cms`: the content editor on a writer's own machine, offline, at
 * http://localhost:8000/admin/ (src/features/editor/local/local-editor.ts says what it starts).
 */
import path from "node:path";
import { runLocalEditor } from "../src/features/editor/local/local-editor";

runLocalEditor(path.resolve(__dirname, ".."));
