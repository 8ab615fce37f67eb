/**
 * The stand-in for an actor a machine declares and the app supplies with `provide`: run unsupplied
 * (a test that forgot it), it fails, naming the actor and the machine.
 */
export const missingActor = (machine: string, actor: string) => () =>
  Promise.reject(new Error(`${actor} was not provided to ${machine}`));
