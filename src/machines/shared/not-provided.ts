/**
 * A typed placeholder for an actor or action that `.provide()` binds (see src/logic/): a machine file never
 * reaches a service, so calling one unbound is a wiring bug and says which implementation is missing.
 */
export function notProvided<Params = void>(name: string): (_: unknown, params: Params) => never {
  return () => {
    throw new Error(`${name} not provided`);
  };
}
