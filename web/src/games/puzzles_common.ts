// TO BE REMOVED once the Word Search page (boggle.ts, boggle/*) moves to games/common/: the names
// it imports, from the common module where they now live.
import { configSchema as schemaOfGame } from './common/schema';

export { messageOf, sentence } from './common/errors';
export { checkbox, labelled, numberInput, readWhole, selectOf } from './common/form';
export { typingInField } from './common/keys';
export { schemaDefault } from './common/schema';
export { readSeed, seedInput } from './common/seed';

/** The schema's property as this module typed it (choices as strings). */
export interface SchemaProperty {
  type?: string | string[];
  enum?: string[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  description?: string;
}

export async function configSchema(id: string): Promise<Record<string, SchemaProperty>> {
  return await schemaOfGame(id) as Record<string, SchemaProperty>;
}
