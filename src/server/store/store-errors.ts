/** Thrown by a store when the tester fault `fail-before-commit` rolled the transaction back. */
export class SimulatedCrash extends Error {
  readonly kind = 'simulated-crash';
  constructor() {
    super('simulated failure before commit: the transaction was rolled back');
  }
}
