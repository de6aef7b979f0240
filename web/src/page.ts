// What every game page provides to the router (main.ts).

export interface GamePage {
  /** Builds the page inside `root`; returns what tears it down (timers, sockets, listeners). */
  mount(root: HTMLElement, route: string[]): () => void;
  /**
   * The page goes on with a session already opened when its route is ['resume', session id]
   * (the lobby's Resume entries: the player's unfinished games kept by the server).
   */
  resumes?: boolean;
}
