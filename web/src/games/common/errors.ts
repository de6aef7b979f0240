// The one error type of the pages: ApiError (api.ts). The server's refusals arrive as one, and a
// page's own check of what was typed throws one too (`inputError`, status 0, code `bad_input`),
// so that whatever goes wrong is shown the same way and names the field it concerns.
import { ApiError } from '../../api';

/** A refusal of what was typed, before anything is sent; `field` is the config field it names. */
export function inputError(message: string, field?: string): ApiError {
  return new ApiError(message, 0, 'bad_input', field);
}

/** Starts with a capital and ends with a full stop. */
export function sentence(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return trimmed;
  const capital = trimmed[0].toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** The text of anything thrown, as it is: the server's message, or the error's. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The sentence to show for anything thrown (`errorText` as a sentence). */
export function messageOf(error: unknown): string {
  return sentence(errorText(error));
}

/** Whether an error says the session is gone (it ended, expired, or the server restarted). */
export function sessionGone(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'unknown_session' || error.status === 404);
}

/**
 * What a page says when its session is gone (`error`: the server's answer): what may have become
 * of it, as the server says it (whether it keeps games across a restart).
 */
export function goneMessage(error: unknown): string {
  const reason = error instanceof ApiError && error.code === 'unknown_session'
                 ? error.message.replace(/^no such game here: /i, '')
                 : 'it ended, or the server lost it';
  return `${sentence(`This game is no longer on the server: ${reason}`)} Start a new one.`;
}
