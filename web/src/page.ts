// What every game page provides to the router (main.ts).

export interface GamePage {
  /** Builds the page inside `root`; returns what tears it down (timers, sockets, listeners). */
  mount(root: HTMLElement, route: string[]): () => void;
}
