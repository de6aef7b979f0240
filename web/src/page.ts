// What every game page provides to the router (main.ts).

export interface GamePage {
  /**
   * Builds the page inside `root`; returns what tears it down (timers, sockets, listeners).
   * `route` is the address after the game's name; `address` is the page's own (`#/<game>`). A
   * page that plays sessions shows the one in play at `<address>/<SESSION_ID>`, and goes on
   * with it when mounted at that address (a reload, the lobby's Resume).
   */
  mount(root: HTMLElement, route: string[], address: string): () => void;
  /** The page goes on with a session already opened at `<address>/<SESSION_ID>`. */
  resumes?: boolean;
}
