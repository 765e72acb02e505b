/** Every part of the documents that is made from the code, each between its markers. */
import { contentDocParts } from "./content-docs";
import { settingsDocParts } from "./settings-docs";

export const generatedDocParts = [...contentDocParts, ...settingsDocParts];
