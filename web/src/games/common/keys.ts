// The one key filter: whether a key press anywhere on the page is for the game.

/** True when a key press is for a text field or control, not for the game. */
export function typingInField(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  return target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName);
}

/**
 * Whether a key press is for the game: no modifier but Shift, not handled already, and not typed
 * into a field of a form.
 */
export function isGameKey(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return false;
  return !typingInField(event);
}
