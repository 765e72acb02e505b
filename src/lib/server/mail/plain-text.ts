/** "Label: value" lines of an e-mail, leaving out the fields with no value. */
export function lines(rows: Array<[string, string | number | undefined]>): string {
  return rows
    .filter(([, value]) => value !== undefined && value !== "")
    .map(([label, value]) => `${label}: ${value}`)
    .join("\n");
}
