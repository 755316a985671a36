/**
 * One action at a time, decided at the moment it is asked for. React renders a busy (disabled) button
 * only after the click that started the action has returned, so a fast double click reaches the handler
 * twice; the second finds the action under way and does nothing.
 */
export interface InFlight {
  /** An action is under way. */
  readonly busy: boolean;
  /**
   * Starts `action` unless one is under way (then it does nothing and resolves to false); resolves to
   * true once the action has settled. A rejection of the action is passed on, the lock released.
   */
  run(action: () => Promise<unknown>): Promise<boolean>;
}

export function inFlight(): InFlight {
  let busy = false;
  return {
    get busy() {
      return busy;
    },
    async run(action) {
      if (busy) return false;
      busy = true;
      try {
        await action();
      } finally {
        busy = false;
      }
      return true;
    },
  };
}
