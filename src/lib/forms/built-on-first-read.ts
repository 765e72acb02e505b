/**
 * An object whose every property is built the first time it is read, and kept. A form's field schemas
 * are made so: as the schedule form hydrates, its estimate reads eight of its thirty fields, and the
 * rest are read when the visitor leaves a field or moves on. Building all thirty in that render was
 * a third of its time, in a task a phone's main thread cannot break (docs/performance.md, "Main thread").
 * The keys are there from the start, so Object.keys and zod's objects see every field.
 */
export function builtOnFirstRead<T extends object>(builders: { [K in keyof T]: () => T[K] }): T {
  const built = {} as T;
  for (const name of Object.keys(builders) as (keyof T)[]) {
    let value: T[keyof T] | undefined;
    let done = false;
    Object.defineProperty(built, name, {
      enumerable: true,
      get: () => {
        if (!done) {
          value = builders[name]();
          done = true;
        }
        return value;
      },
    });
  }
  return built;
}
