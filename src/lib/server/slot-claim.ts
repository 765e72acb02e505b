/**
 * The claim both slot stores make (files on one server, Netlify Blobs): the first inspector all of
 * whose units this holder can create (or already holds, on a retry), all or none. Units created
 * for an inspector found busy part-way are given back before the next one is tried.
 */
export async function claimFirstFreeInspector(
  inspectors: number,
  unitNames: (inspector: number) => string[],
  createIfAbsent: (name: string) => Promise<boolean>,
  giveBack: (names: string[]) => Promise<void>,
): Promise<number | null> {
  for (let inspector = 1; inspector <= inspectors; inspector += 1) {
    const names = unitNames(inspector);
    const created: string[] = [];
    for (const name of names) {
      if (!(await createIfAbsent(name))) break;
      created.push(name);
    }
    if (created.length === names.length) return inspector;
    await giveBack(created);
  }
  return null;
}
