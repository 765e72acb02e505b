/** GET /api/editor/config, /auth and /callback: the content editor's GitHub sign-in (src/lib/server/editor/github-sign-in.ts). */
import { editorSignInHandler } from "../../lib/server/editor/github-sign-in";

export default editorSignInHandler;
