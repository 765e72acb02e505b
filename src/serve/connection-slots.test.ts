/** @jest-environment node */
import { EventEmitter } from "node:events";
import { connectionSlots } from "./connection-slots";

/** A connection from an address that records whether the server closed it. */
function connection(remoteAddress: string) {
  const emitter = new EventEmitter();
  const socket = {
    remoteAddress,
    destroyed: false,
    destroy() {
      if (socket.destroyed) return;
      socket.destroyed = true;
      emitter.emit("close");
    },
    once: (event: "close", listener: () => void) => emitter.once(event, listener),
  };
  return socket;
}

describe("connection slots", () => {
  it("closes a connection beyond the limit of its address", () => {
    const slots = connectionSlots({ perAddress: 2, total: 10 });
    const sockets = [1, 2, 3].map(() => connection("10.0.0.1"));
    expect(sockets.map((socket) => slots.admit(socket))).toEqual([true, true, false]);
    expect(sockets.map((socket) => socket.destroyed)).toEqual([false, false, true]);
  });

  it("lets a newcomer in when addresses under their own limit fill every slot, closing the heaviest's oldest", () => {
    const slots = connectionSlots({ perAddress: 4, total: 8 });
    const first = [1, 2, 3, 4].map(() => connection("10.0.0.1"));
    const second = [1, 2, 3].map(() => connection("10.0.0.2"));
    const third = connection("10.0.0.3");
    for (const socket of [...first, ...second, third]) expect(slots.admit(socket)).toBe(true);
    expect(slots.open()).toBe(8);

    const visitor = connection("192.0.2.7");
    expect(slots.admit(visitor)).toBe(true);
    expect(first.map((socket) => socket.destroyed)).toEqual([true, false, false, false]);
    expect([...second, third].some((socket) => socket.destroyed)).toBe(false);
    expect(slots.open()).toBe(8);
    expect(slots.openFrom("10.0.0.1")).toBe(3);
  });

  it("refuses a newcomer whose address already holds as many as any other when full", () => {
    const slots = connectionSlots({ perAddress: 4, total: 4 });
    const a = [1, 2].map(() => connection("10.0.0.1"));
    const b = [1, 2].map(() => connection("10.0.0.2"));
    for (const socket of [...a, ...b]) slots.admit(socket);
    const another = connection("10.0.0.2");
    expect(slots.admit(another)).toBe(false);
    expect(another.destroyed).toBe(true);
    expect([...a, ...b].some((socket) => socket.destroyed)).toBe(false);
  });

  it("frees a slot when a connection closes", () => {
    const slots = connectionSlots({ perAddress: 1, total: 1 });
    const first = connection("10.0.0.1");
    slots.admit(first);
    first.destroy();
    expect(slots.open()).toBe(0);
    expect(slots.admit(connection("10.0.0.1"))).toBe(true);
  });
});
