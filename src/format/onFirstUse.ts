/**
 * A value made the first time it is asked for, then kept. For Intl formatters: building one is costly
 * (the first Intl.DateTimeFormat of a page loads its locale and zone data, ~80 ms on a phone-speed
 * CPU), so a module that merely holds one should not build it while the page is starting.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
