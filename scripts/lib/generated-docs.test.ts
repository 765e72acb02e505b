/**
 * @jest-environment node
 *
 * The tables the documents take from the code are the code's own: a content field, a server
 * setting or a text limit changed and not in its document fails here until `npm run docs`
 * rewrites them.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { generatedDocParts } from "./generated-docs";
import { betweenMarkers } from "./readme-markers";

test.each(generatedDocParts.map(({ document, name }) => [document, name]))(
  "%s holds the table %s as the code makes it",
  (document, name) => {
    const { make } = generatedDocParts.find((part) => part.document === document && part.name === name)!;
    const written = betweenMarkers(readFileSync(path.join(__dirname, "..", "..", document), "utf8"), name);
    if (written === undefined) throw new Error(`${document} has no <!-- ${name}:start --> ... :end -->`);
    const made = make();
    if (written !== made) {
      const differs = made.split("\n").find((line, index) => line !== written.split("\n")[index]);
      throw new Error(
        `${document}'s table ${name} differs from the code: run npm run docs\n` +
          `first row that differs, as the code makes it:\n${differs ?? `(${document} has more rows)`}`,
      );
    }
  },
);
