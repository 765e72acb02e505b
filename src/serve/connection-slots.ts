/**
 * How the production server shares its connections between visitors: at most `perAddress` open
 * from one address, at most `total` in all. When every slot is taken, a newcomer still gets in:
 * the address holding the most connections gives up its oldest, unless the newcomer's own address
 * holds as many. So addresses that each stay under their own limit but fill the server together
 * (33 addresses of 32 trickling connections) cannot lock out a visitor with one.
 */
export interface Closable {
  remoteAddress?: string | undefined;
  destroy(): void;
  once(event: "close", listener: () => void): unknown;
}

export function connectionSlots({ perAddress, total }: { perAddress: number; total: number }) {
  /** Each address's open connections, oldest first (a Set keeps insertion order). */
  const byAddress = new Map<string, Set<Closable>>();
  let open = 0;

  const release = (address: string, socket: Closable) => {
    const mine = byAddress.get(address);
    if (!mine?.delete(socket)) return;
    open -= 1;
    if (!mine.size) byAddress.delete(address);
  };

  return {
    /** Takes a slot for a new connection, or closes it; returns whether it was let in. */
    admit(socket: Closable): boolean {
      const address = socket.remoteAddress ?? "unknown";
      const mine = byAddress.get(address) ?? new Set<Closable>();
      if (mine.size >= perAddress) {
        socket.destroy();
        return false;
      }
      if (open >= total) {
        let heaviest: [string, Set<Closable>] | undefined;
        for (const entry of byAddress) if (!heaviest || entry[1].size > heaviest[1].size) heaviest = entry;
        if (!heaviest || heaviest[1].size <= mine.size) {
          socket.destroy();
          return false;
        }
        const [heaviestAddress, theirs] = heaviest;
        const oldest = theirs.values().next().value!;
        release(heaviestAddress, oldest);
        oldest.destroy();
      }
      mine.add(socket);
      byAddress.set(address, mine);
      open += 1;
      socket.once("close", () => release(address, socket));
      return true;
    },
    /** Open connections in all, and from one address. */
    open: () => open,
    openFrom: (address: string) => byAddress.get(address)?.size ?? 0,
  };
}
