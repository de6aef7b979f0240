// Optional sound effects: short tones made with the Web Audio API (no files, no network), off
// until the player turns them on with the header's Sound switch (settings.ts); the choice is
// remembered per player on this browser.
import { chosenPlayer } from '../../api';

export type SoundName = 'refused' | 'scored' | 'letter' | 'win';

/** The tones of each sound: frequency (Hz) and length (s), played one after another. */
const tones: Record<SoundName, [number, number][]> = {
  refused: [[196, 0.09], [147, 0.12]],
  scored: [[523, 0.06], [784, 0.1]],
  letter: [[660, 0.05]],
  win: [[523, 0.08], [659, 0.08], [784, 0.08], [1047, 0.14]],
};

function key(): string {
  return `wg.sound:${chosenPlayer() ?? ''}`;
}

/** Whether the player (the one chosen in the lobby, or nobody) turned sound on. */
export function soundOn(): boolean {
  try {
    return localStorage.getItem(key()) === 'on';
  } catch {
    return false;
  }
}

/** Turns sound on or off for the chosen player. */
export function setSound(on: boolean): void {
  try {
    if (on) localStorage.setItem(key(), 'on');
    else localStorage.removeItem(key());
  } catch {
    // A browser that keeps nothing plays no sound: the default.
  }
}

let context: AudioContext | null = null;

/** Plays `name` if the player turned sound on; otherwise (and without Web Audio) nothing. */
export function playSound(name: SoundName): void {
  if (!soundOn() || typeof AudioContext !== 'function') return;
  context ??= new AudioContext();
  let at = context.currentTime;
  for (const [frequency, length] of tones[name]) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'triangle';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.15, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + length + 0.02);
    at += length;
  }
}
