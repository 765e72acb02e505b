/** GET /api/editor/config, /auth and /callback: the content editor's GitHub sign-in (src/features/editor/server/github-sign-in.ts). */
import { editorSignInHandler } from "../../features/editor/server/github-sign-in";

export default editorSignInHandler;
